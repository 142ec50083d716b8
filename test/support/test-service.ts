import jwt from 'jsonwebtoken';
import { loadConfig } from '../../config/config.js';
import { type RunningService, startService } from '../../src/composition/api-service.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string | null;
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

export interface TestService {
  service: RunningService;
  db: TestDatabase;
  baseUrl: string;
  /** A valid HS256 token for `subject` (default "alice"). */
  token(subject?: string, claims?: Record<string, unknown>): string;
  /** Real HTTP against the running service; the default user's token unless `token: null`. */
  call<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  stop(): Promise<void>;
}

export async function startTestService(env: Record<string, string> = {}): Promise<TestService> {
  const db = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    JWT_SECRET: TEST_JWT_SECRET,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_FLUSH_MS: '50',
    ...env,
  });
  const service = await startService(config);
  const baseUrl = `http://127.0.0.1:${service.port}`;
  const token = (subject = 'alice', claims: Record<string, unknown> = {}) =>
    jwt.sign({ sub: subject, ...claims }, TEST_JWT_SECRET, { algorithm: 'HS256', expiresIn: 3600 });
  const defaultToken = token();

  return {
    service,
    db,
    baseUrl,
    token,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      const bearer = options.token === undefined ? defaultToken : options.token;
      if (bearer !== null) headers.authorization ??= `Bearer ${bearer}`;
      let body: string | Buffer | undefined;
      if (options.rawBody !== undefined) body = options.rawBody;
      else if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(path.startsWith('http') ? path : baseUrl + path, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = undefined;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: response.status, headers: response.headers, body: parsed as any, text };
    },
    async stop() {
      await service.stop();
      await db.drop();
    },
  };
}

/** Waits until `check` passes (for effects that happen after the response, such as buffered logs). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
