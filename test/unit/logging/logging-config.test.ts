import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config/config.js';

const problems = (env: Record<string, string>, role?: 'api' | 'logging-component' | 'log-maintenance'): string[] => {
  try {
    loadConfig(env, role);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('logging configuration', () => {
  it('defaults: in-process, closed endpoints, 5 min windows, threshold 10, 90 days at 04:00', () => {
    const { logging } = loadConfig({});
    expect(logging).toEqual({
      mode: 'in-process',
      url: null,
      sharedSecret: null,
      viewerToken: null,
      port: 3001,
      // The host name, made to fit an instance name.
      instance: expect.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,62}$/),
      flushMs: 2000,
      batchMax: 500,
      bufferMax: 10_000,
      alerts: { webhookUrl: null, emailTo: null, groupWindowMs: 300_000, apiErrorThreshold: 10, apiErrorWindowMs: 300_000 },
      retention: { days: 90, cron: '0 4 * * *', batchSize: 5000 },
    });
  });

  it('reads every logging variable', () => {
    const { logging } = loadConfig({
      LOGGING_MODE: 'remote',
      LOGGING_URL: 'http://logs.internal:3001/',
      LOG_SHARED_SECRET: 'a-shared-secret-of-16+',
      LOG_VIEWER_TOKEN: 'a-viewer-token-of-16+',
      LOGGING_PORT: '4001',
      ALERT_WEBHOOK_URL: 'https://hooks.example/x',
      ALERT_EMAIL_TO: 'ops@example.org',
      SMTP_URL: 'smtp://mail.example:25',
      ALERT_GROUP_WINDOW: '90s',
      API_ERROR_ALERT_THRESHOLD: '3',
      API_ERROR_ALERT_WINDOW: '500ms',
      LOG_RETENTION_DAYS: '30',
      LOG_RETENTION_CRON: '15 2 * * *',
      LOG_RETENTION_BATCH: '100',
    });
    expect(logging).toMatchObject({
      mode: 'remote',
      url: 'http://logs.internal:3001',
      sharedSecret: 'a-shared-secret-of-16+',
      viewerToken: 'a-viewer-token-of-16+',
      port: 4001,
      alerts: { webhookUrl: 'https://hooks.example/x', emailTo: 'ops@example.org', groupWindowMs: 90_000, apiErrorThreshold: 3, apiErrorWindowMs: 500 },
      retention: { days: 30, cron: '15 2 * * *', batchSize: 100 },
    });
    expect(loadConfig({ ALERT_GROUP_WINDOW: '300' }).logging.alerts.groupWindowMs).toBe(300_000);
    expect(loadConfig({ ALERT_GROUP_WINDOW: '5m' }).logging.alerts.groupWindowMs).toBe(300_000);
  });

  it('names each bad variable', () => {
    const found = problems({
      LOGGING_MODE: 'sideways',
      LOG_SHARED_SECRET: 'short',
      LOG_VIEWER_TOKEN: 'short',
      ALERT_WEBHOOK_URL: 'ftp://x',
      ALERT_GROUP_WINDOW: 'soon',
      API_ERROR_ALERT_THRESHOLD: '-1',
      LOG_RETENTION_DAYS: '0',
      LOG_RETENTION_CRON: 'every day',
      LOGGING_PORT: '70000',
      INSTANCE_ID: 'api 1',
    });
    for (const name of [
      'LOGGING_MODE',
      'LOG_SHARED_SECRET',
      'LOG_VIEWER_TOKEN',
      'ALERT_WEBHOOK_URL',
      'ALERT_GROUP_WINDOW',
      'API_ERROR_ALERT_THRESHOLD',
      'LOG_RETENTION_DAYS',
      'LOG_RETENTION_CRON',
      'LOGGING_PORT',
      'INSTANCE_ID',
    ]) {
      expect(found.some((p) => p.startsWith(`${name} `)), name).toBe(true);
    }
  });

  it('requires LOGGING_URL and LOG_SHARED_SECRET in remote mode, SMTP_URL with ALERT_EMAIL_TO', () => {
    const remote = problems({ LOGGING_MODE: 'remote' });
    expect(remote.some((p) => p.startsWith('LOGGING_URL is required'))).toBe(true);
    expect(remote.some((p) => p.startsWith('LOG_SHARED_SECRET is required'))).toBe(true);
    expect(problems({ ALERT_EMAIL_TO: 'ops@example.org' })).toEqual(['ALERT_EMAIL_TO needs SMTP_URL to send through']);
    expect(problems({ ALERT_EMAIL_TO: 'not an address', SMTP_URL: 'smtp://h:25' })[0]).toMatch(/^ALERT_EMAIL_TO must be one e-mail address/);
  });

  it('the standalone component needs LOG_SHARED_SECRET but no JWT settings', () => {
    const url = 'postgres://u:p@db:5432/shelfwatch';
    expect(problems({ DATABASE_URL: url }, 'logging-component')).toEqual(['LOG_SHARED_SECRET is required by the logging component (POST /log)']);
    expect(problems({ DATABASE_URL: url, LOG_SHARED_SECRET: 'a-shared-secret-of-16+' }, 'logging-component')).toEqual([]);
    expect(problems({ DATABASE_URL: url }, 'api')[0]).toMatch(/^JWT_SECRET is required/);
    expect(problems({ DATABASE_URL: url }, 'log-maintenance')).toEqual([]);
  });
});
