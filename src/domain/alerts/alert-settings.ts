import { type FieldProblem, ValidationError } from '../shared/domain-error.js';
import type { Money } from '../shared/money.js';

/*
 * The alerts a reader turns on (issue 27), beside the four of the specification that every monitored wish raises:
 * a drop by at least N % (percent_drop), the lowest in the last N days (lowest_in_days), and a default target for
 * the wishes without a max price of their own (below_target). Each is off until set, so a reader who sets nothing is
 * alerted exactly as before.
 */

/** The windows "the lowest in the last N days" looks back over. */
export const LOWEST_DAYS = [30, 90, 365] as const;
export type LowestDays = (typeof LOWEST_DAYS)[number];

/** percent_drop: whole percents of the store's previous price. */
export const DROP_PERCENT_MIN = 1;
export const DROP_PERCENT_MAX = 99;

/** below_target as a discount from the lowest price ever seen: 0 (at or under the lowest ever) to 99 %. */
export const TARGET_DISCOUNT_MIN = 0;
export const TARGET_DISCOUNT_MAX = 99;

/** One target for every wish without a max price of its own: a max price, or a discount from the lowest ever. */
export type DefaultTarget = { maxPrice: Money } | { discountPercent: number };

/** A wish's own settings; null follows the account's default. */
export interface WishAlertSettings {
  dropPercent: number | null;
  lowestDays: LowestDays | null;
}

/** The account's defaults (in the preferences); null is off. */
export interface AlertDefaults {
  dropPercent: number | null;
  lowestDays: LowestDays | null;
  defaultTarget: DefaultTarget | null;
}

/** A wish that says nothing of its own: it follows the account. */
export const FOLLOW_ACCOUNT: Readonly<WishAlertSettings> = Object.freeze({ dropPercent: null, lowestDays: null });

/** Every new kind off: the account's defaults until the reader sets one. */
export const ALERTS_OFF: Readonly<AlertDefaults> = Object.freeze({ dropPercent: null, lowestDays: null, defaultTarget: null });

/** What the alert rules read for one wish: its own setting, else the account's default; null: that kind is off. */
export type EffectiveAlertSettings = AlertDefaults;

export function effectiveAlertSettings(wish: WishAlertSettings, account: AlertDefaults): EffectiveAlertSettings {
  return {
    dropPercent: wish.dropPercent ?? account.dropPercent,
    lowestDays: wish.lowestDays ?? account.lowestDays,
    defaultTarget: account.defaultTarget,
  };
}

const isWhole = (n: number, min: number, max: number): boolean => Number.isInteger(n) && n >= min && n <= max;

/**
 * Checks settings as the API names them (`alert_drop_percent`, `alert_lowest_days`, `default_target...`); a field
 * left undefined is not checked. The HTTP schemas refuse the same values first; this guards every other caller.
 */
export function alertSettingsProblems(settings: Partial<AlertDefaults>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const { dropPercent, lowestDays, defaultTarget } = settings;
  if (dropPercent !== undefined && dropPercent !== null && !isWhole(dropPercent, DROP_PERCENT_MIN, DROP_PERCENT_MAX)) {
    problems.push({ field: 'alert_drop_percent', message: `must be a whole number from ${DROP_PERCENT_MIN} to ${DROP_PERCENT_MAX}, or null` });
  }
  if (lowestDays !== undefined && lowestDays !== null && !LOWEST_DAYS.includes(lowestDays)) {
    problems.push({ field: 'alert_lowest_days', message: `must be one of ${LOWEST_DAYS.join(', ')}, or null` });
  }
  if (defaultTarget && 'discountPercent' in defaultTarget && !isWhole(defaultTarget.discountPercent, TARGET_DISCOUNT_MIN, TARGET_DISCOUNT_MAX)) {
    problems.push({
      field: 'default_target.discount_percent',
      message: `must be a whole number from ${TARGET_DISCOUNT_MIN} to ${TARGET_DISCOUNT_MAX}`,
    });
  }
  return problems;
}

/** Throws a ValidationError naming every bad setting. */
export function checkAlertSettings(settings: Partial<AlertDefaults>, what: string): void {
  const problems = alertSettingsProblems(settings);
  if (problems.length > 0) throw new ValidationError(`Invalid ${what}`, problems);
}
