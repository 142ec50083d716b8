import type { Clock } from '../../../src/application/shared/clock.js';

export const DEFAULT_NOW = new Date('2026-11-25T03:00:00Z');

/** A clock that only moves when a test moves it. */
export class FakeClock implements Clock {
  private current: Date;

  constructor(start: Date = DEFAULT_NOW) {
    this.current = new Date(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  set(to: Date): void {
    this.current = new Date(to);
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
