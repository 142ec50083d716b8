import { ChannelDeliveryFailed } from '../../application/alerts/ports/channel-sender.js';
import { shownFailure } from '../../domain/alerts/delivery-attempt.js';
import { type HttpPost, type HttpPostOptions, type HttpPostRequest, httpPoster } from '../kits/net/http-post.js';
import { PrivateAddressError, TransportTimeoutError } from '../kits/net/node-http-transport.js';

/** Names Shelfwatch to receivers, who may filter or log by it. */
export const CHANNEL_USER_AGENT = 'Shelfwatch/0.1 (alert channel; +https://github.com/shelfwatch/shelfwatch)';

/** How long a receiver has to answer before the delivery counts as failed (and is tried again later). */
export const CHANNEL_TIMEOUT_MS = 10_000;

/** Where webhook and ntfy messages leave: one POST to a user's URL, resolved when the receiver took it. */
export interface ChannelTransport {
  send(url: string, request: HttpPostRequest): Promise<void>;
}

/**
 * One POST to a user's URL (kits/net's guarded POST: private addresses refused unless the operator allows them, no
 * redirect followed), resolved when the receiver answered 2xx. A failure says whether trying later may help: a
 * timeout, a connection that could not be made, 408, 429 and 5xx may pass later; a refused address, another 4xx or a
 * redirect will not until the user changes the URL.
 */
export class HttpChannelTransport implements ChannelTransport {
  private readonly post: HttpPost;

  constructor(options: HttpPostOptions) {
    this.post = httpPoster(options);
  }

  async send(url: string, request: HttpPostRequest): Promise<void> {
    let status: number;
    let location: string | null;
    try {
      const response = await this.post.post(url, request);
      status = response.status;
      location = response.header('location');
    } catch (error) {
      throw failureOf(error, request.timeoutMs);
    }
    if (status >= 200 && status < 300) return;
    // Redirects are not followed: the receiver should be configured with the URL it redirects to. The Location is
    // named by its scheme and host only: the failure goes to the log (alert_failed) and to the channel's owner, and a
    // path or a query may hold a token.
    if (status >= 300 && status < 400) {
      const where = location === null ? '(no Location)' : shownFailure(location);
      throw new ChannelDeliveryFailed(`the receiver answered ${status} redirecting to ${where}; redirects are not followed, use the final URL`, false);
    }
    const retryable = status === 408 || status === 429 || status >= 500;
    throw new ChannelDeliveryFailed(`the receiver answered ${status}`, retryable);
  }
}

function failureOf(error: unknown, timeoutMs: number): ChannelDeliveryFailed {
  if (error instanceof ChannelDeliveryFailed) return error;
  if (error instanceof PrivateAddressError) return new ChannelDeliveryFailed(error.message, false);
  if (error instanceof TransportTimeoutError) return new ChannelDeliveryFailed(`the receiver did not answer within ${timeoutMs} ms`, true);
  if (error instanceof TypeError) return new ChannelDeliveryFailed(error.message, false);
  // Name resolution, a refused or reset connection, a TLS failure: the receiver may be back later.
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return new ChannelDeliveryFailed(`could not reach the receiver: ${code && !message.includes(code) ? `${code} ` : ''}${message}`, true);
}
