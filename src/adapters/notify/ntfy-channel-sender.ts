import type { ChannelDestination, ChannelMessage } from '../../application/alerts/ports/channel-sender.js';
import { splitCredentials } from '../../domain/alerts/channel-target.js';
import { CHANNEL_TIMEOUT_MS, CHANNEL_USER_AGENT, type ChannelTransport } from './channel-http-delivery.js';
import type { ImmediateChannelSender } from './immediate-channel-sender.js';
import { type NtfyMessage, ntfyAlertMessage, ntfyTestMessage } from './ntfy-message.js';

/** Alerts as ntfy notifications: plain text POSTed to the topic URL, with a title, a priority and a link. */
export class NtfyChannelSender implements ImmediateChannelSender {
  constructor(
    private readonly transport: ChannelTransport,
    private readonly timeoutMs: number = CHANNEL_TIMEOUT_MS,
  ) {}

  send(destination: ChannelDestination, message: ChannelMessage): Promise<void> {
    return this.deliver(destination, ntfyAlertMessage(message));
  }

  sendTest(destination: ChannelDestination): Promise<void> {
    return this.deliver(destination, ntfyTestMessage());
  }

  private deliver(destination: ChannelDestination, message: NtfyMessage): Promise<void> {
    // A protected topic's credentials travel as HTTP Basic authentication, never in the request line.
    const { url, credentials } = splitCredentials(destination.target);
    const authorization: Record<string, string> = credentials
      ? { Authorization: `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`, 'utf8').toString('base64')}` }
      : {};
    return this.transport.send(url, {
      headers: { ...message.headers, ...authorization, 'Content-Type': 'text/plain; charset=utf-8', 'User-Agent': CHANNEL_USER_AGENT },
      body: message.body,
      timeoutMs: this.timeoutMs,
    });
  }
}
