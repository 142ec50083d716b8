// Channels: where alerts go besides the alerts page (e-mail, webhook, ntfy). Add one with the alert kinds it takes
// (a webhook's signing secret is shown once), test it and see what happened, enable or disable it, delete it.
import { api } from '../api.js';
import { deliveryText, isNewAttempt, type LastDelivery, TEST_POLL } from '../channel-delivery.js';
import { CollectionView, type KeepRow } from '../collection-view.js';
import { byId, el, formatDate } from '../dom.js';
import type { ErrorDisplay } from '../error-display.js';
import { bindForm, type FormReader } from '../form-helper.js';
import { startPage } from '../page.js';

type ChannelKind = 'email' | 'webhook' | 'ntfy';

interface Channel {
  channel_id: number;
  kind: ChannelKind;
  target: string | null;
  alert_kinds: string[];
  delivery: 'immediate' | 'daily_digest';
  is_enabled: boolean;
  is_default: boolean;
  created_at: string;
  last_delivery: LastDelivery | null;
}

interface CreatedChannel extends Channel {
  secret?: string;
}

const ENTRY = '/api/user/channels?per_page=20';
const KIND_NAMES: Record<ChannelKind, string> = { email: 'E-mail', webhook: 'Webhook', ntfy: 'ntfy' };
const ALERT_KIND_NAMES: Record<string, string> = {
  below_max_price: 'at or under my maximum price',
  new_lowest: 'lowest price seen yet',
  price_drop: 'price drop',
  back_in_stock: 'back in stock',
  below_target: 'at or under my default target',
  lowest_in_days: 'lowest of the days I chose',
  percent_drop: 'a drop by my percentage',
  borrowable: 'a wished book I can borrow',
};

startPage(async ({ errors }) => {
  // A row the reader is in the middle of (a delete to confirm, a test waiting for its outcome) is kept: the list drawn
  // again after another row's change shows it as it is, the confirmation open and the test's outcome to come.
  const channels: CollectionView<Channel> = new CollectionView<Channel>(byId('channel-list'), {
    label: 'Channels',
    emptyText: 'No channels yet: add one below. Your alerts still show on the alerts page.',
    errors,
    keyOf: (channel) => channel.channel_id,
    renderItem: (channel, keep) => channelRow(channel, errors, { busy: keep, changed: () => channels.reload() }),
  });
  const secret = secretPanel();
  for (const kind of ['email', 'webhook', 'ntfy'] as const) {
    bindForm(byId<HTMLFormElement>(`add-${kind}`), {
      errors,
      action: `Adding the ${KIND_NAMES[kind]} channel`,
      async submit(read) {
        const created = await api<CreatedChannel>('POST', '/api/user/channels', { body: channelBody(kind, read) });
        resetForm(read.form);
        await channels.reload();
        if (created.secret) secret.show(created.secret);
        return `Added the ${KIND_NAMES[kind]} channel${created.target ? ` for ${created.target}` : ''}.`;
      },
    });
  }
  await channels.show(ENTRY);
});

/** The form as the API's body: blank target → null (an e-mail channel then sends to the account's address). */
function channelBody(kind: ChannelKind, read: FormReader): Record<string, unknown> {
  return {
    kind,
    target: read.optionalText('target'),
    alert_kinds: read.checkedValues('alert_kinds'),
    ...(kind === 'email' ? { delivery: read.text('delivery') || 'immediate' } : {}),
  };
}

/** Back to the defaults: no target, every alert kind, at once. */
function resetForm(form: HTMLFormElement): void {
  form.reset();
}

/** The webhook's secret, shown once: copy it (clipboard, else the text selected for Ctrl+C), then hide it for good. */
function secretPanel(): { show(secret: string): void } {
  const panel = byId('secret-panel');
  const input = byId<HTMLInputElement>('webhook-secret');
  const status = byId('copy-status');
  byId('copy-secret').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(input.value);
      status.textContent = 'Copied to the clipboard.';
    } catch {
      // No clipboard here (plain http on another host, or permission refused): select it so Ctrl+C copies it.
      input.focus();
      input.select();
      status.textContent = 'Selected: press Ctrl+C (or ⌘C) to copy it.';
    }
  });
  byId('hide-secret').addEventListener('click', () => {
    input.value = '';
    status.textContent = '';
    panel.hidden = true;
    byId('channels-h').focus();
  });
  return {
    show(secret) {
      input.value = secret;
      status.textContent = '';
      panel.hidden = false;
      panel.focus();
    },
  };
}

function describeTarget(channel: Channel): string {
  if (channel.target !== null) return channel.target;
  return channel.kind === 'email' ? "your account's address (it has none yet)" : '—';
}

interface RowEvents {
  /** The reader started or ended something in the row (a delete to confirm, a test); `row` is the row's root. */
  busy: KeepRow;
  /** The row changed its channel: the list is drawn again (this row afresh). */
  changed: () => Promise<void>;
}

function channelRow(initial: Channel, errors: ErrorDisplay, events: RowEvents): Node {
  let channel = initial;
  let confirming = false;
  let testing = false;
  const noteBusy = () => events.busy(root, confirming || testing);
  const changed = () => {
    confirming = testing = false;
    noteBusy();
    return events.changed();
  };
  const id = channel.channel_id;
  const name = `${KIND_NAMES[channel.kind]} ${describeTarget(channel)}`;
  // Each button says which channel it acts on to a screen reader; the row shows it once.
  const about = (text: string) => el('span', { class: 'visually-hidden' }, ` ${text}`);

  const status = el('p', { class: 'delivery-status', role: 'status', 'aria-live': 'polite' });
  const showDelivery = (delivery: LastDelivery | null) => {
    status.textContent = `Last delivery: ${deliveryText(delivery)}`;
    status.classList.toggle('failed', delivery !== null && !delivery.ok);
  };
  showDelivery(channel.last_delivery);

  const test = el('button', { type: 'button' }, 'Send a test', about(name));
  test.addEventListener('click', async () => {
    test.disabled = true;
    testing = true;
    noteBusy();
    status.classList.remove('failed');
    status.textContent = 'Sending a test message…';
    const before = channel.last_delivery;
    try {
      await api('POST', `/api/user/channels/${id}/test`);
      // The test is queued (202): the channel's last delivery says what became of it, once a worker sent it.
      for (let read = 0; read < TEST_POLL.reads; read++) {
        await new Promise((resolve) => setTimeout(resolve, TEST_POLL.intervalMs));
        channel = await api<Channel>('GET', `/api/user/channels/${id}`);
        if (isNewAttempt(before, channel.last_delivery)) {
          showDelivery(channel.last_delivery);
          return;
        }
      }
      status.textContent = `No outcome after ${(TEST_POLL.reads * TEST_POLL.intervalMs) / 1000} seconds: the test is still waiting (a channel takes one test every 10 seconds). Reload the page later to see it.`;
    } catch (error) {
      showDelivery(channel.last_delivery);
      errors.show(error, 'Testing the channel');
    } finally {
      test.disabled = false;
      testing = false;
      noteBusy();
    }
  });

  const toggle = el('button', { type: 'button' }, channel.is_enabled ? 'Disable' : 'Enable', about(name));
  toggle.addEventListener('click', async () => {
    toggle.disabled = true;
    try {
      await api('PATCH', `/api/user/channels/${id}`, { body: { is_enabled: !channel.is_enabled } });
      await changed();
    } catch (error) {
      toggle.disabled = false;
      errors.show(error, channel.is_enabled ? 'Disabling the channel' : 'Enabling the channel');
    }
  });

  const remove = el('button', { type: 'button', class: 'danger' }, 'Delete', about(name));
  const confirmYes = el('button', { type: 'button', class: 'danger' }, 'Yes, delete it');
  const confirmNo = el('button', { type: 'button', class: 'link-button' }, 'Keep it');
  const confirm = el('div', { class: 'confirm', role: 'group', 'aria-label': `Delete ${name}?`, hidden: true },
    el('p', {}, `Delete this channel? Alerts waiting for it are dropped${channel.is_default ? ', and "e-mail me alerts" is switched off' : ''}.`),
    el('div', { class: 'row' }, confirmYes, confirmNo));
  remove.addEventListener('click', () => {
    confirm.hidden = false;
    remove.disabled = true;
    confirming = true;
    noteBusy();
    confirmYes.focus();
  });
  confirmNo.addEventListener('click', () => {
    confirm.hidden = true;
    remove.disabled = false;
    confirming = false;
    noteBusy();
    remove.focus();
  });
  confirmYes.addEventListener('click', async () => {
    confirmYes.disabled = true;
    try {
      await api('DELETE', `/api/user/channels/${id}`);
      await changed();
      byId('channels-h').focus();
    } catch (error) {
      confirmYes.disabled = false;
      errors.show(error, 'Deleting the channel');
    }
  });

  const kinds = channel.alert_kinds.map((k) => ALERT_KIND_NAMES[k] ?? k).join(', ');
  const when = channel.kind === 'email' ? (channel.delivery === 'daily_digest' ? 'a daily digest' : 'at once') : null;
  const root = el('div', { class: `channel${channel.is_enabled ? '' : ' disabled'}`, 'data-channel-id': id },
    el('div', { class: 'row' },
      el('span', { class: 'title' }, KIND_NAMES[channel.kind]),
      el('span', { class: 'channel-target' }, describeTarget(channel)),
      el('span', { class: 'tag' }, channel.is_enabled ? 'Enabled' : 'Disabled'),
      channel.is_default ? el('span', { class: 'tag' }, "Your account's e-mail") : null),
    el('p', { class: 'meta' }, `Takes: ${kinds}${when ? `; ${when}` : ''}. Added ${formatDate(channel.created_at)}.`),
    status,
    el('div', { class: 'row' }, test, toggle, remove),
    confirm);
  return root;
}
