import type { MailConfig } from '../../../config/config.js';
import {
  type ChannelDestination,
  ChannelDeliveryFailed,
  type ChannelMessage,
  ChannelSender,
} from '../../application/alerts/ports/channel-sender.js';
import type { ChannelKind } from '../../domain/alerts/channel.js';
import { HttpChannelTransport } from './channel-http-delivery.js';
import { EmailChannelSender } from './email-channel-sender.js';
import type { ImmediateChannelSender } from './immediate-channel-sender.js';
import { NtfyChannelSender } from './ntfy-channel-sender.js';
import { WebhookChannelSender } from './webhook-channel-sender.js';

export interface ChannelSendersByKind {
  email: ChannelSender;
  webhook: ImmediateChannelSender;
  ntfy: ImmediateChannelSender;
}

/** Every channel kind behind one port: each destination goes to the sender of its kind. */
export class ChannelSenders implements ChannelSender {
  constructor(private readonly senders: ChannelSendersByKind) {}

  async send(destination: ChannelDestination, message: ChannelMessage): Promise<void> {
    await this.senderFor(destination.kind).send(destination, message);
  }

  sendDigest(destination: ChannelDestination, messages: readonly ChannelMessage[], day: string): Promise<void> {
    if (destination.kind !== 'email') {
      return Promise.reject(new ChannelDeliveryFailed(`a daily digest goes only to e-mail channels, not ${destination.kind}`, false));
    }
    return this.senders.email.sendDigest(destination, messages, day);
  }

  async sendTest(destination: ChannelDestination): Promise<void> {
    await this.senderFor(destination.kind).sendTest(destination);
  }

  private senderFor(kind: ChannelKind): ImmediateChannelSender {
    // Own-property lookup only: a kind read from storage must not reach an inherited member.
    if (!Object.hasOwn(this.senders, kind)) throw new ChannelDeliveryFailed(`unknown channel kind ${String(kind)}`, false);
    return this.senders[kind];
  }
}

/**
 * E-mail through SMTP_URL (failing with a clear reason when unset); webhooks and ntfy over HTTP, refused from
 * loopback, private, link-local and metadata addresses unless `allowPrivate` (the operator's CHANNEL_ALLOW_PRIVATE).
 */
export function channelSenders(mail: MailConfig, allowPrivate: boolean): ChannelSender {
  const transport = new HttpChannelTransport({ allowPrivate });
  return new ChannelSenders({
    email: new EmailChannelSender(mail.smtpUrl, mail.from),
    webhook: new WebhookChannelSender(transport),
    ntfy: new NtfyChannelSender(transport),
  });
}
