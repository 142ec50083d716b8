// One autocannon run for the logging benchmark, with the CPU use around it.
import autocannon from 'autocannon';
import { cpuWindow } from './cpu.js';

export interface HttpLoad {
  rps: number;
  ok: number;
  other: number;
  errors: number;
  ownCores: number;
  otherCores: number;
  seconds: number;
}

export interface HttpLoadOptions {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  /** The status class counted as the expected answer. */
  expect: '2xx' | '4xx';
}

export async function load(options: HttpLoadOptions): Promise<HttpLoad> {
  const cpu = cpuWindow();
  const result = await autocannon({
    url: options.url,
    method: options.method,
    headers: options.headers,
    body: options.body,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
  });
  const reading = cpu.end();
  const ok = result[options.expect];
  return {
    rps: ok / result.duration,
    ok,
    other: result['2xx'] + result['4xx'] + result['5xx'] - ok,
    errors: result.errors + result.timeouts,
    seconds: result.duration,
    ...reading,
  };
}
