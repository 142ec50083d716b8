/** Ctrl-C or SIGTERM closes a demonstration server once, then the process exits (1 if the close failed). */
export function closeOnSignal(server: { close(): Promise<void> }): void {
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
