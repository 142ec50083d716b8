import { randomUUID } from 'node:crypto';
import { ChannelDeliveryFailed, type ChannelDestination, type ChannelMessage } from '../../application/alerts/ports/channel-sender.js';
import { CHANNEL_TIMEOUT_MS, CHANNEL_USER_AGENT, type ChannelTransport } from './channel-http-delivery.js';
import type { ImmediateChannelSender } from './immediate-channel-sender.js';
import { webhookAlertBody, webhookSignature, webhookTestBody } from './webhook-payload.js';

/**
 * Alerts as signed JSON POSTs. The receiver checks `Shelfwatch-Signature` over the raw body with the channel's
 * secret, and may drop a repeat by `Idempotency-Key` (the same on every attempt of one message).
 */
export class WebhookChannelSender implements ImmediateChannelSender {
  constructor(
    private readonly transport: ChannelTransport,
    private readonly timeoutMs: number = CHANNEL_TIMEOUT_MS,
  ) {}

  send(destination: ChannelDestination, message: ChannelMessage): Promise<void> {
    return this.deliver(destination, message.idempotencyKey, JSON.stringify(webhookAlertBody(message)));
  }

  sendTest(destination: ChannelDestination): Promise<void> {
    const key = `test-${randomUUID()}`;
    return this.deliver(destination, key, JSON.stringify(webhookTestBody(key)));
  }

  private async deliver(destination: ChannelDestination, idempotencyKey: string, body: string): Promise<void> {
    // An unsigned message could not be told from a forged one, so none is sent.
    if (!destination.secret) throw new ChannelDeliveryFailed('the webhook has no signing secret', false);
    await this.transport.send(destination.target, {
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': CHANNEL_USER_AGENT,
        'Idempotency-Key': idempotencyKey,
        'Shelfwatch-Signature': webhookSignature(body, destination.secret),
      },
      body,
      timeoutMs: this.timeoutMs,
    });
  }
}
