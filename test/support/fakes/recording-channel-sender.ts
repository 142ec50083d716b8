import type { ChannelDestination, ChannelMessage, ChannelSender } from '../../../src/application/alerts/ports/channel-sender.js';

/** Records every delivery; `failWith` makes the next sends reject with that error. */
export class RecordingChannelSender implements ChannelSender {
  readonly sent: Array<{ destination: ChannelDestination; message: ChannelMessage }> = [];
  readonly digests: Array<{ destination: ChannelDestination; messages: readonly ChannelMessage[]; day: string }> = [];
  readonly tests: ChannelDestination[] = [];
  failWith: Error | null = null;

  async send(destination: ChannelDestination, message: ChannelMessage): Promise<void> {
    this.fail();
    this.sent.push({ destination, message });
  }

  async sendDigest(destination: ChannelDestination, messages: readonly ChannelMessage[], day: string): Promise<void> {
    this.fail();
    this.digests.push({ destination, messages, day });
  }

  async sendTest(destination: ChannelDestination): Promise<void> {
    this.fail();
    this.tests.push({ ...destination });
  }

  private fail(): void {
    if (this.failWith) throw this.failWith;
  }
}
