import { type AlertDefaults, ALERTS_OFF, alertSettingsProblems } from '../alerts/alert-settings.js';
import { EDITION_FORMATS, type EditionFormat } from '../catalog/edition.js';
import { ValidationError, type FieldProblem } from '../shared/domain-error.js';
import { Money } from '../shared/money.js';
import { isCountryCode } from '../reference/codes.js';

export interface Preferences {
  /** ISO 3166-1 alpha-2, or null until the user says where they buy. */
  country: string | null;
  currency: string;
  formats: EditionFormat[];
  alertEmail: boolean;
  /**
   * Count quotes in every currency for best and lowest prices, converted into `currency` at the reference rate of the
   * quote's day (CONTRACT C11.4); off: only quotes in `currency` count (C10.3).
   */
  convertCurrencies: boolean;
  /** The account's alert defaults (alert-settings.ts): every one off (null) until set. */
  alertDefaults: AlertDefaults;
}

export const DEFAULT_PREFERENCES: Readonly<Preferences> = Object.freeze({
  country: null,
  currency: 'EUR',
  formats: Object.freeze([...EDITION_FORMATS]) as Preferences['formats'],
  alertEmail: false,
  convertCurrencies: false,
  alertDefaults: ALERTS_OFF,
});

/** The defaults as a user's own preferences: a fresh copy, so nothing a caller does reaches the shared constant. */
export function defaultPreferences(): Preferences {
  return { ...DEFAULT_PREFERENCES, formats: [...DEFAULT_PREFERENCES.formats], alertDefaults: { ...DEFAULT_PREFERENCES.alertDefaults } };
}

/**
 * The preferences a user's stores, prices and alerts are read with: their saved ones, else the defaults. Its SQL twin
 * is the effective_preferences view (migration 11); test/contracts/rules/default-preferences.ts holds the two equal.
 */
export function effectivePreferences(saved: Preferences | null): Preferences {
  return saved ?? defaultPreferences();
}

/** A change to preferences; the alert defaults change one by one (`alertDefaults` fields left undefined stay). */
export type PreferencesChange = Partial<Omit<Preferences, 'alertDefaults'>> & { alertDefaults?: Partial<AlertDefaults> };

/** Applies a change to preferences; fields left undefined keep their current value. Codes are checked. */
export function changePreferences(current: Preferences, change: PreferencesChange): Preferences {
  const problems: FieldProblem[] = [];
  const country = change.country === undefined ? current.country : change.country?.toUpperCase() ?? null;
  if (country !== null && !isCountryCode(country)) problems.push({ field: 'country', message: 'must be an ISO 3166-1 alpha-2 code' });
  const currency = change.currency === undefined ? current.currency : change.currency.toUpperCase();
  if (!Money.isCurrency(currency)) problems.push({ field: 'currency', message: 'must be an ISO 4217 code' });
  const formats = change.formats === undefined ? current.formats : [...new Set(change.formats)];
  if (formats.length === 0) problems.push({ field: 'formats', message: 'must name at least one format' });
  const alertChange = change.alertDefaults ?? {};
  problems.push(...alertSettingsProblems(alertChange));
  if (problems.length > 0) throw new ValidationError('Invalid preferences', problems);
  return {
    country,
    currency,
    formats,
    alertEmail: change.alertEmail ?? current.alertEmail,
    convertCurrencies: change.convertCurrencies ?? current.convertCurrencies,
    alertDefaults: {
      dropPercent: alertChange.dropPercent === undefined ? current.alertDefaults.dropPercent : alertChange.dropPercent,
      lowestDays: alertChange.lowestDays === undefined ? current.alertDefaults.lowestDays : alertChange.lowestDays,
      defaultTarget: alertChange.defaultTarget === undefined ? current.alertDefaults.defaultTarget : alertChange.defaultTarget,
    },
  };
}
