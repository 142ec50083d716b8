import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/config.js';
import { problemsOf } from './config-problems.js';

describe('ALERT_CONFIRM_DROP_PERCENT (confirm before alarming)', () => {
  it('reads a drop of more than 40 % twice by default; a whole percentage sets it; 0 or off never reads twice', () => {
    expect(loadConfig({}).pricing.alertConfirmDropPercent).toBe(40);
    expect(loadConfig({ ALERT_CONFIRM_DROP_PERCENT: '25' }).pricing.alertConfirmDropPercent).toBe(25);
    expect(loadConfig({ ALERT_CONFIRM_DROP_PERCENT: '0' }).pricing.alertConfirmDropPercent).toBeNull();
    expect(loadConfig({ ALERT_CONFIRM_DROP_PERCENT: 'off' }).pricing.alertConfirmDropPercent).toBeNull();
    expect(loadConfig({ ALERT_CONFIRM_DROP_PERCENT: 'OFF' }).pricing.alertConfirmDropPercent).toBeNull();
  });

  it.each(['100', '-5', '40%', '12.5', 'half'])('refuses %s, naming the variable', (value) => {
    expect(problemsOf({ ALERT_CONFIRM_DROP_PERCENT: value })).toContain(
      `ALERT_CONFIRM_DROP_PERCENT must be a whole percentage from 0 to 99, or off (got "${value}")`,
    );
  });
});
