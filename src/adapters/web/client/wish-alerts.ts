// A wish's own alerts (issue 27), in place on the wishes page and the book page: "drop by at least N %" and "the
// lowest of the last N days", each empty to follow the account's default (the preferences page's "Alerts for every
// wish"), saved with `PATCH /api/wishes/:id`. The account's defaults are read when a control is first opened, once
// per page (`AlertDefaultsLoader`), so rendering a page costs no request more.
import { api } from './api.js';
import { el, replaceChildren } from './dom.js';
import type { ErrorDisplay } from './error-display.js';
import { bindForm } from './form-helper.js';
import {
  type AlertDefaults,
  defaultTargetText,
  dropDefaultText,
  LOWEST_DAYS,
  lowestDefaultOption,
  ownAlertsText,
  type WishAlertSettings,
} from './wish-alert-words.js';

export interface AlertableWish extends WishAlertSettings {
  wish_id: number;
}

/** `GET /api/user/preferences` once for every control of the page, when the first is opened; again after a failure. */
export class AlertDefaultsLoader {
  private pending: Promise<AlertDefaults> | null = null;

  load(): Promise<AlertDefaults> {
    this.pending ??= api<AlertDefaults>('GET', '/api/user/preferences').catch((error: unknown) => {
      this.pending = null;
      throw error;
    });
    return this.pending;
  }
}

export interface WishAlertsOptions {
  /** Prefixes the control's ids (`wish-12`): unique on the page. */
  idPrefix: string;
  /** Completes the summary's name for screen readers ("Alerts for Kindred"), so a page of wishes has no two alike. */
  title?: string;
  defaults: AlertDefaultsLoader;
  errors: ErrorDisplay;
}

/** A closed "Alerts" disclosure with the wish's own settings; opening it shows what the account's defaults are. */
export function wishAlertsControl(wish: AlertableWish, { idPrefix, title, defaults, errors }: WishAlertsOptions): HTMLDetailsElement {
  const own = el('span', { class: 'alerts-own' }, ownAlertsText(wish));
  const dropNote = el('span', { class: 'default-note' }, dropDefaultText(null));
  const lowestDefault = el('option', { value: '' }, lowestDefaultOption(null));
  const targetNote = el('p', { class: 'meta target-note', hidden: true });
  const drop = el('input', {
    id: `${idPrefix}-drop`, name: 'alert_drop_percent', inputmode: 'numeric', autocomplete: 'off', class: 'short',
    value: wish.alert_drop_percent ?? '',
  });
  const lowest = el('select', { id: `${idPrefix}-lowest`, name: 'alert_lowest_days' },
    lowestDefault, ...LOWEST_DAYS.map((days) => el('option', { value: days }, `${days} days`)));
  lowest.value = wish.alert_lowest_days === null ? '' : String(wish.alert_lowest_days);

  const form = el('form', { id: `${idPrefix}-alerts-form`, class: 'wish-alerts-form' },
    el('div', { class: 'field' },
      el('label', { for: drop.id }, 'Alert on a price drop of at least this many percent (1 to 99) ', dropNote),
      drop),
    el('div', { class: 'field' }, el('label', { for: lowest.id }, 'Alert on the lowest price of the last'), lowest),
    targetNote,
    el('p', { class: 'meta' }, el('a', { href: '/preferences.html' }, 'Your account’s defaults')),
    el('button', { type: 'submit' }, 'Save alerts'),
    el('p', { class: 'form-status', role: 'status' }));
  bindForm(form, {
    errors,
    action: `Saving the alerts${title ? ` of ${title}` : ''}`,
    async submit(read) {
      const body = { alert_drop_percent: read.optionalNumber('alert_drop_percent'), alert_lowest_days: read.optionalNumber('alert_lowest_days') };
      // 204: what was sent is what the wish now holds (the API refuses anything it would change).
      await api('PATCH', `/api/wishes/${wish.wish_id}`, { body });
      wish.alert_drop_percent = body.alert_drop_percent as number | null;
      wish.alert_lowest_days = body.alert_lowest_days as number | null;
      own.textContent = ownAlertsText(wish);
      return `Saved: ${ownAlertsText(wish)}`;
    },
  });

  const details = el('details', { id: `${idPrefix}-alerts`, class: 'wish-alerts' },
    el('summary', {}, 'Alerts', title ? el('span', { class: 'visually-hidden' }, ` for ${title}`) : null, ': ', own),
    form);
  details.addEventListener('toggle', () => {
    if (!details.open) return;
    defaults.load().then(
      (account) => {
        dropNote.textContent = dropDefaultText(account);
        lowestDefault.textContent = lowestDefaultOption(account);
        const target = defaultTargetText(account);
        replaceChildren(targetNote, target ?? '');
        targetNote.hidden = target === null;
      },
      (error: unknown) => errors.show(error, 'Reading your alert defaults'),
    );
  });
  return details;
}
