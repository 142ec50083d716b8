/** Things to stop, in reverse order of starting; each step runs even if an earlier one failed. */
export class ShutdownStack {
  private readonly steps: Array<{ name: string; stop: () => Promise<unknown> }> = [];

  push(name: string, stop: () => Promise<unknown>): void {
    this.steps.push({ name, stop });
  }

  async unwind(onError: (name: string, error: unknown) => void = () => undefined): Promise<void> {
    for (let step = this.steps.pop(); step; step = this.steps.pop()) {
      try {
        await step.stop();
      } catch (error) {
        onError(step.name, error);
      }
    }
  }
}
