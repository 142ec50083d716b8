import { expect } from 'vitest';
import { ConfigError, loadConfig } from '../../../config/config.js';

/** The problems `loadConfig(env)` reports; fails the test when the configuration is accepted. */
export function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error(`no ConfigError for ${JSON.stringify(env)}`);
}
