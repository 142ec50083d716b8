import winston from 'winston';
import { describe, expect, it } from 'vitest';
import { accessLogLine, type AccessLogEntry } from '../../../../src/adapters/http/access-log.js';

/** The line the console logger (winston: timestamp, then json) writes for the same entry at the same time. */
function winstonLine(entry: AccessLogEntry, at: Date): string {
  const format = winston.format.combine(winston.format.timestamp({ format: () => at.toISOString() }), winston.format.json());
  const info = format.transform({ level: 'info', message: 'request', ...entry }) as Record<string | symbol, unknown>;
  return info[Symbol.for('message')] as string;
}

describe('accessLogLine', () => {
  const at = new Date('2026-11-29T18:47:55.595Z');
  it.each<[string, AccessLogEntry]>([
    ['an answered request', { method: 'GET', path: '/api/books?q=dune&per_page=5', status: 200, duration_ms: 1.5, request_id: 'support-ticket-42' }],
    ['a cut answer', { method: 'POST', path: '/api/wishes/import', status: 0, cut: true, duration_ms: 120.3, request_id: 'r-1' }],
    ['no request id, quotes and non-ASCII in the path', { method: 'GET', path: '/api/books?q="tolkién"', status: 404, duration_ms: 0, request_id: undefined }],
  ])('is the line the console logger wrote: %s', (_name, entry) => {
    expect(accessLogLine(entry, at)).toBe(winstonLine(entry, at));
  });
});
