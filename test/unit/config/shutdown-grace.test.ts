import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config/config.js';

describe('SHUTDOWN_GRACE_MS', () => {
  it('defaults to 25 s and takes milliseconds from 0 to 10 minutes', () => {
    expect(loadConfig({}).shutdownGraceMs).toBe(25_000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '0' }).shutdownGraceMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '600000' }).shutdownGraceMs).toBe(600_000);
  });

  it.each(['-1', '600001', '25s', 'soon'])('refuses %s, naming the variable', (value) => {
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: value })).toThrow(/SHUTDOWN_GRACE_MS must be an integer from 0 to 600000/);
  });
});
