// A channel's settings: defaults, the target each kind takes, alert kinds as a non-empty set, daily digests for
// e-mail only, and a kind that never changes.
import { describe, expect, it } from 'vitest';
import {
  addressOf,
  type Channel,
  changeChannelSettings,
  newChannelSettings,
} from '../../../../src/domain/alerts/channel-settings.js';
import { ValidationError } from '../../../../src/domain/shared/domain-error.js';

const ALL = ['below_max_price', 'price_drop', 'new_lowest', 'back_in_stock'];

function problemsOf(make: () => unknown): Array<{ field: string; message: string }> {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).details ?? [];
  }
  throw new Error('expected a ValidationError');
}

const fieldsOf = (make: () => unknown): string[] => problemsOf(make).map((p) => p.field);

describe('newChannelSettings', () => {
  it('fills in the defaults: every alert kind, immediate, enabled; an e-mail channel without target uses the account address', () => {
    expect(newChannelSettings({ kind: 'email' })).toEqual({ kind: 'email', target: null, alertKinds: ALL, delivery: 'immediate', isEnabled: true });
    expect(newChannelSettings({ kind: 'webhook', target: 'https://hooks.example.org/shelfwatch' })).toEqual({
      kind: 'webhook', target: 'https://hooks.example.org/shelfwatch', alertKinds: ALL, delivery: 'immediate', isEnabled: true,
    });
  });

  it('keeps what is given, trims the target, and counts a repeated alert kind once, in the order given', () => {
    expect(
      newChannelSettings({ kind: 'email', target: ' me@example.org ', alertKinds: ['new_lowest', 'price_drop', 'new_lowest'], delivery: 'daily_digest', isEnabled: false }),
    ).toEqual({ kind: 'email', target: 'me@example.org', alertKinds: ['new_lowest', 'price_drop'], delivery: 'daily_digest', isEnabled: false });
  });

  it('takes the kinds a reader turns on, alone or with the specified ones', () => {
    expect(newChannelSettings({ kind: 'email', alertKinds: ['percent_drop', 'lowest_in_days', 'below_target', 'price_drop'] }).alertKinds).toEqual([
      'percent_drop', 'lowest_in_days', 'below_target', 'price_drop',
    ]);
  });

  it.each([
    ['me@example.org'],
    ['first.last+books@mail.example.co.uk'],
    ['jürgen@bücher.example'],
  ])('takes the e-mail address %s', (target) => {
    expect(newChannelSettings({ kind: 'email', target }).target).toBe(target);
  });

  it.each([['not-an-address'], ['me@'], ['@example.org'], ['me@localhost'], ['me@example..org'], ['two@at@example.org'], ['me @example.org'], [`${'a'.repeat(250)}@example.org`], ['https://example.org']])(
    'refuses the e-mail target %s, naming target',
    (target) => {
      expect(fieldsOf(() => newChannelSettings({ kind: 'email', target }))).toEqual(['target']);
    },
  );

  it.each([['https://hooks.example.org/x?y=1'], ['http://ntfy.example.org/my-topic'], ['HTTPS://Example.org'], ['http://127.0.0.1:8080/hook']])(
    'takes the URL target %s for webhook and ntfy (where it points is checked apart)',
    (target) => {
      expect(newChannelSettings({ kind: 'webhook', target }).target).toBe(target);
      expect(newChannelSettings({ kind: 'ntfy', target }).target).toBe(target);
    },
  );

  it.each([
    ['ftp://example.org/x', 'must be an absolute http:// or https:// URL'],
    ['example.org/hook', 'must be an absolute http:// or https:// URL'],
    ['/relative', 'must be an absolute http:// or https:// URL'],
    ['javascript:alert(1)', 'must be an absolute http:// or https:// URL'],
    ['me@example.org', 'must be an absolute http:// or https:// URL'],
    [`https://example.org/${'x'.repeat(2048)}`, 'must be at most 2048 characters'],
  ])('refuses the URL target %s: %s', (target, message) => {
    expect(problemsOf(() => newChannelSettings({ kind: 'webhook', target }))).toEqual([{ field: 'target', message }]);
    expect(problemsOf(() => newChannelSettings({ kind: 'ntfy', target }))).toEqual([{ field: 'target', message }]);
  });

  it.each([['https://user:pass@example.org/hook'], ['https://token@example.org/hook']])(
    'refuses credentials in a webhook URL (%s), and takes them for an ntfy topic (sent as Basic authentication)',
    (target) => {
      expect(problemsOf(() => newChannelSettings({ kind: 'webhook', target }))).toEqual([{ field: 'target', message: 'must not carry a user name or password' }]);
      expect(newChannelSettings({ kind: 'ntfy', target }).target).toBe(target);
    },
  );

  it('requires a target for webhook and ntfy', () => {
    expect(fieldsOf(() => newChannelSettings({ kind: 'webhook' }))).toEqual(['target']);
    expect(fieldsOf(() => newChannelSettings({ kind: 'ntfy', target: null }))).toEqual(['target']);
  });

  it('refuses an empty alert kind list and an unknown alert kind', () => {
    expect(fieldsOf(() => newChannelSettings({ kind: 'email', alertKinds: [] }))).toEqual(['alert_kinds']);
    expect(fieldsOf(() => newChannelSettings({ kind: 'email', alertKinds: ['price_drop', 'sale' as never] }))).toEqual(['alert_kinds[1]']);
  });

  it('gives daily digests to e-mail channels only', () => {
    expect(newChannelSettings({ kind: 'email', delivery: 'daily_digest' }).delivery).toBe('daily_digest');
    expect(problemsOf(() => newChannelSettings({ kind: 'webhook', target: 'https://example.org', delivery: 'daily_digest' }))).toEqual([
      { field: 'delivery', message: 'daily_digest is only for e-mail channels' },
    ]);
    expect(fieldsOf(() => newChannelSettings({ kind: 'ntfy', target: 'https://ntfy.sh/t', delivery: 'daily_digest' }))).toEqual(['delivery']);
    expect(fieldsOf(() => newChannelSettings({ kind: 'email', delivery: 'weekly' as never }))).toEqual(['delivery']);
  });

  it('refuses an unknown kind', () => {
    expect(fieldsOf(() => newChannelSettings({ kind: 'sms' as never }))).toEqual(['kind']);
  });

  it('names every bad field at once', () => {
    expect(fieldsOf(() => newChannelSettings({ kind: 'webhook', target: 'nope', alertKinds: [], delivery: 'daily_digest' }))).toEqual([
      'target', 'alert_kinds', 'delivery',
    ]);
  });
});

describe('changeChannelSettings', () => {
  const webhook = newChannelSettings({ kind: 'webhook', target: 'https://hooks.example.org/a', alertKinds: ['price_drop'] });

  it('keeps what the change leaves out', () => {
    expect(changeChannelSettings(webhook, { isEnabled: false })).toEqual({ ...webhook, isEnabled: false });
    expect(changeChannelSettings(webhook, { target: 'https://hooks.example.org/b', alertKinds: ['new_lowest', 'back_in_stock'] })).toEqual({
      ...webhook, target: 'https://hooks.example.org/b', alertKinds: ['new_lowest', 'back_in_stock'],
    });
  });

  it('applies the same rules as a new channel', () => {
    expect(fieldsOf(() => changeChannelSettings(webhook, { target: null }))).toEqual(['target']);
    expect(fieldsOf(() => changeChannelSettings(webhook, { delivery: 'daily_digest' }))).toEqual(['delivery']);
    expect(fieldsOf(() => changeChannelSettings(webhook, { alertKinds: [] }))).toEqual(['alert_kinds']);
  });

  it('lets an e-mail channel go back to the account address with target null', () => {
    const email = newChannelSettings({ kind: 'email', target: 'me@example.org' });
    expect(changeChannelSettings(email, { target: null }).target).toBeNull();
  });

  it('never changes the kind, but accepts it restated', () => {
    expect(changeChannelSettings(webhook, { kind: 'webhook', isEnabled: false }).kind).toBe('webhook');
    expect(fieldsOf(() => changeChannelSettings(webhook, { kind: 'ntfy' }))).toEqual(['kind']);
  });
});

describe('addressOf', () => {
  const channel = (target: string | null, accountEmail: string | null): Channel => ({
    ...newChannelSettings({ kind: 'email', target }),
    id: 1, isDefault: false, accountEmail, createdAt: new Date(0), lastDelivery: null,
  });

  it("is the channel's target, else the account's address, else none", () => {
    expect(addressOf(channel('me@example.org', 'account@example.org'))).toBe('me@example.org');
    expect(addressOf(channel(null, 'account@example.org'))).toBe('account@example.org');
    expect(addressOf(channel(null, null))).toBeNull();
  });
});
