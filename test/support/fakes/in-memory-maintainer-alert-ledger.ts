import type { GroupWindow, MaintainerAlertLedger } from '../../../src/application/logging/ports/maintainer-alert-ledger.js';

interface StoredWindow extends GroupWindow {
  kind: 'group' | 'quiet';
  sent: boolean;
}

/**
 * Alert windows in memory, as the SQL ledger keeps them: a group window covers `start <= at < end`; an unsent one
 * starting within `windowMs` after an earlier event is moved back to start at it; windows are claimed once.
 */
export class InMemoryMaintainerAlertLedger implements MaintainerAlertLedger {
  readonly windows: StoredWindow[] = [];
  /** Every `openGroupWindow` call (each is a database round trip in the SQL ledger). */
  readonly openCalls: Array<{ event: string; at: Date }> = [];

  async openGroupWindow(event: string, at: Date, windowMs: number): Promise<GroupWindow> {
    this.openCalls.push({ event, at: new Date(at) });
    const t = at.getTime();
    const groups = this.windows.filter((w) => w.event === event && w.kind === 'group');
    const covering = groups.filter((w) => w.start.getTime() <= t && w.end.getTime() > t).sort((a, b) => b.start.getTime() - a.start.getTime())[0];
    if (covering) return copy(covering);
    const later = groups
      .filter((w) => !w.sent && w.start.getTime() > t && w.start.getTime() < t + windowMs)
      .sort((a, b) => a.start.getTime() - b.start.getTime())[0];
    if (later) {
      later.start = new Date(t);
      return copy(later);
    }
    const opened: StoredWindow = { event, kind: 'group', start: new Date(t), end: new Date(t + windowMs), sent: false };
    this.windows.push(opened);
    return copy(opened);
  }

  async claimDueGroupWindows(endedBefore: Date): Promise<GroupWindow[]> {
    const due = this.windows.filter((w) => w.kind === 'group' && !w.sent && w.end.getTime() <= endedBefore.getTime());
    for (const w of due) w.sent = true;
    return due.map(copy);
  }

  async claimQuietPeriod(event: string, at: Date, windowMs: number): Promise<boolean> {
    const t = at.getTime();
    if (this.windows.some((w) => w.event === event && w.kind === 'quiet' && w.start.getTime() <= t && w.end.getTime() > t)) return false;
    this.windows.push({ event, kind: 'quiet', start: new Date(t), end: new Date(t + windowMs), sent: true });
    return true;
  }

  async forgetBefore(cutoff: Date): Promise<number> {
    const gone = this.windows.filter((w) => w.end.getTime() < cutoff.getTime() && (w.sent || w.kind === 'quiet'));
    for (const w of gone) this.windows.splice(this.windows.indexOf(w), 1);
    return gone.length;
  }

  groupWindows(event: string): GroupWindow[] {
    return this.windows.filter((w) => w.event === event && w.kind === 'group').map(copy);
  }
}

const copy = (w: GroupWindow): GroupWindow => ({ event: w.event, start: new Date(w.start), end: new Date(w.end) });
