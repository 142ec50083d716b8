import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config/config.js';

describe('channel configuration', () => {
  it('refuses private channel targets unless CHANNEL_ALLOW_PRIVATE=on', () => {
    expect(loadConfig({}).channels.allowPrivate).toBe(false);
    expect(loadConfig({ CHANNEL_ALLOW_PRIVATE: 'off' }).channels.allowPrivate).toBe(false);
    expect(loadConfig({ CHANNEL_ALLOW_PRIVATE: 'on' }).channels.allowPrivate).toBe(true);
  });

  it('retries a failed message 5 times from 30 s, and sends digests at 06:00 UTC, unless told otherwise', () => {
    expect(loadConfig({}).channels).toMatchObject({ retryLimit: 5, retryDelaySeconds: 30, digestCron: '0 6 * * *' });
    expect(loadConfig({ CHANNEL_RETRY_LIMIT: '0', CHANNEL_RETRY_DELAY: '2', DIGEST_CRON: '30 7 * * *' }).channels).toMatchObject({
      retryLimit: 0,
      retryDelaySeconds: 2,
      digestCron: '30 7 * * *',
    });
  });

  it('names the variable when its value is neither on nor off', () => {
    try {
      loadConfig({ CHANNEL_ALLOW_PRIVATE: 'yes' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([expect.stringContaining('CHANNEL_ALLOW_PRIVATE')]);
    }
  });

  it('names each bad delivery setting', () => {
    expect(() => loadConfig({ CHANNEL_RETRY_LIMIT: '99', CHANNEL_RETRY_DELAY: '0', DIGEST_CRON: 'daily' })).toThrow(ConfigError);
    try {
      loadConfig({ CHANNEL_RETRY_LIMIT: '99', CHANNEL_RETRY_DELAY: '0', DIGEST_CRON: 'daily' });
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['CHANNEL_RETRY_LIMIT', 'CHANNEL_RETRY_DELAY', 'DIGEST_CRON']) expect(problems).toContain(name);
    }
  });
});
