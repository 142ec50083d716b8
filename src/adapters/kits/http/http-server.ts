import { createServer, type RequestListener, type Server } from 'node:http';
import { type AddressInfo, Server as NetServer, type Socket } from 'node:net';

/** Grace of a close() given no deadline (the logging component's). */
const DEFAULT_GRACE_MS = 10_000;
/**
 * How long an idle kept-alive connection stays open once stopping starts. A client may be sending its next request
 * on it at that very moment: closed at once, that request meets a reset; kept a moment, it is answered with
 * `Connection: close`.
 */
const IDLE_LINGER_MS = 500;

export interface RunningServer {
  port: number;
  /**
   * Stops accepting connections, answers requests still arriving on kept-alive connections with `Connection: close`,
   * closes idle connections after a short linger, lets responses in flight finish writing until `deadline` (epoch ms),
   * then destroys what is left. Resolves when every connection is closed.
   */
  close(deadline?: number): Promise<void>;
}

export async function listen(app: RequestListener, port: number, host: string): Promise<RunningServer> {
  const server: Server = createServer(app);
  server.keepAliveTimeout = 65_000;
  const connections = trackConnections(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  let closed: Promise<void> | null = null;
  return {
    port: (server.address() as AddressInfo).port,
    close: (deadline = Date.now() + DEFAULT_GRACE_MS) => (closed ??= connections.drain(deadline)),
  };
}

/**
 * Counts, per connection, the responses not yet written out. Node's own `server.close()` calls
 * `closeIdleConnections()`, which destroys a connection as soon as its response has been *ended*, although a slow
 * reader may still have megabytes of it waiting in the socket's buffer (a 35 MB answer was cut at 5 MB). Here a
 * connection is busy until its response's 'finish' (everything handed to the kernel).
 */
function trackConnections(server: Server) {
  const pending = new Map<Socket, number>();
  let closing = false;
  const closeIfIdle = (socket: Socket): void => {
    if (pending.get(socket) === 0) socket.destroy();
  };
  server.on('connection', (socket: Socket) => {
    pending.set(socket, 0);
    socket.once('close', () => pending.delete(socket));
  });
  // Before the app's listener, so the header is set before anything is written.
  server.prependListener('request', (req, res) => {
    const socket = req.socket;
    if (!pending.has(socket)) return;
    pending.set(socket, (pending.get(socket) ?? 0) + 1);
    // A request that arrives on a kept-alive connection while stopping is answered, and its connection then closed.
    if (closing && !res.headersSent) res.setHeader('Connection', 'close');
    let counted = true;
    const written = (): void => {
      if (!counted || !pending.has(socket)) return;
      counted = false;
      pending.set(socket, (pending.get(socket) ?? 1) - 1);
      if (closing) closeIfIdle(socket);
    };
    res.once('finish', written);
    res.once('close', written);
  });

  return {
    drain(deadline: number): Promise<void> {
      closing = true;
      return new Promise<void>((resolve) => {
        const left = Math.max(0, deadline - Date.now());
        const force = setTimeout(() => {
          for (const socket of pending.keys()) socket.destroy();
        }, left);
        const linger = setTimeout(() => {
          for (const socket of pending.keys()) closeIfIdle(socket);
        }, Math.min(IDLE_LINGER_MS, left));
        // net.Server's close: stop accepting, call back once every connection has closed. http.Server's close would
        // first run Node's closeIdleConnections, the very call that cuts answers being written.
        NetServer.prototype.close.call(server, () => {
          clearTimeout(force);
          clearTimeout(linger);
          resolve();
        });
      });
    },
  };
}
