import type { ServiceIdentifier } from 'inversify';

export interface GroupWindow {
  event: string;
  start: Date;
  end: Date;
}

/**
 * Alert windows shared by every instance through the database, so several instances send one alert, not one each.
 */
export interface MaintainerAlertLedger {
  /** The window covering `at` for `event`, opened now (from `at`, `windowMs` long) if none covers it. */
  openGroupWindow(event: string, at: Date, windowMs: number): Promise<GroupWindow>;
  /** Claims every unsent window that ended before `endedBefore`; each window is handed to one caller only. */
  claimDueGroupWindows(endedBefore: Date): Promise<GroupWindow[]>;
  /** True for exactly one caller when no quiet period of `event` covers `at`; starts one of `windowMs`. */
  claimQuietPeriod(event: string, at: Date, windowMs: number): Promise<boolean>;
  /** Forgets windows that ended before `cutoff` and need nothing more (retention); returns how many. */
  forgetBefore(cutoff: Date): Promise<number>;
}
export const MaintainerAlertLedger = Symbol.for('MaintainerAlertLedger') as ServiceIdentifier<MaintainerAlertLedger>;
