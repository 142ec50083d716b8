import { describe, expect, it } from 'vitest';
import { type AppConfig, ConfigError, loadConfig } from '../../../config/config.js';

const SECRET = 'a-very-secret-hs256-key-0123456789abcdef';
const PEM = '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEsecretish\n-----END PUBLIC KEY-----';
const PG_URL = 'postgres://shelf:pg-p4ssw0rd-value@db.example:5432/shelfwatch';

function configErrorOf(env: Record<string, string>): ConfigError {
  let caught: unknown;
  try {
    loadConfig(env);
  } catch (error) {
    caught = error;
  }
  expect(caught, JSON.stringify(env)).toBeInstanceOf(ConfigError);
  return caught as ConfigError;
}

/** The text an operator would see: the message and every listed problem. */
const shown = (error: ConfigError): string => `${error.message}\n${error.problems.join('\n')}\n${String(error)}`;

/** Compares the sections named in `expected` exactly; sections added later are not this test's business. */
function expectSections(config: AppConfig, expected: Partial<AppConfig>): void {
  for (const [key, value] of Object.entries(expected)) {
    expect(config[key as keyof AppConfig], key).toEqual(value);
  }
}

describe('loadConfig defaults', () => {
  it('runs on an empty environment: development, embedded database, HS256 with a generated secret', () => {
    expectSections(loadConfig({}), {
      nodeEnv: 'development',
      host: '0.0.0.0',
      port: 3000,
      database: { kind: 'embedded', dataDir: '.data', port: 54329 },
      dbPoolMax: 10,
      auth: { algorithms: ['HS256'], secret: null, publicKey: null, jwksUrl: null, issuer: null, audience: null, maxAgeSeconds: 30 * 24 * 3600 },
      logging: expect.objectContaining({ flushMs: 2000, batchMax: 500, bufferMax: 10_000 }),
    });
  });

  it('treats empty and blank variables as unset', () => {
    expect(loadConfig({ PORT: '', HOST: '   ', NODE_ENV: '', DATABASE_URL: ' ', JWT_SECRET: '' })).toEqual(loadConfig({}));
  });

  it('reads every variable it knows', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: ' 8080 ',
      DATABASE_URL: PG_URL,
      DB_POOL_MAX: '25',
      JWT_SECRET: SECRET,
      JWT_ISSUER: 'https://id.example',
      JWT_AUDIENCE: 'shelfwatch',
      JWT_MAX_AGE: '12h',
      LOG_FLUSH_MS: '100',
      LOG_BATCH_MAX: '50',
      LOG_BUFFER_MAX: '1000',
    });
    expectSections(config, {
      nodeEnv: 'production',
      host: '127.0.0.1',
      port: 8080,
      database: { kind: 'external', url: PG_URL },
      dbPoolMax: 25,
      auth: {
        algorithms: ['HS256'],
        secret: SECRET,
        publicKey: null,
        jwksUrl: null,
        issuer: 'https://id.example',
        audience: 'shelfwatch',
        maxAgeSeconds: 12 * 3600,
      },
      logging: expect.objectContaining({ flushMs: 100, batchMax: 50, bufferMax: 1000 }),
    });
  });

  it('accepts postgresql: URLs, port 0 (any free port) and the embedded database settings', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db', JWT_SECRET: SECRET }).database).toEqual({ kind: 'external', url: 'postgresql://u@h/db' });
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    expect(loadConfig({ DATA_DIR: '/var/lib/shelfwatch', EMBEDDED_PG_PORT: '55000' }).database).toEqual({
      kind: 'embedded',
      dataDir: '/var/lib/shelfwatch',
      port: 55000,
    });
  });

  it('defaults to RS256 with a public key or a JWKS URL', () => {
    expect(loadConfig({ JWT_PUBLIC_KEY: PEM }).auth).toMatchObject({ algorithms: ['RS256'], publicKey: PEM, secret: null });
    expect(loadConfig({ JWT_JWKS_URL: 'https://id.example/.well-known/jwks.json' }).auth).toMatchObject({
      algorithms: ['RS256'],
      jwksUrl: 'https://id.example/.well-known/jwks.json',
    });
    expect(loadConfig({ JWT_PUBLIC_KEY: PEM, JWT_ALGORITHMS: 'ES256, RS256' }).auth.algorithms).toEqual(['ES256', 'RS256']);
  });

  it('reads JWT_MAX_AGE as seconds or a duration with a unit', () => {
    expect(loadConfig({ JWT_MAX_AGE: '3600' }).auth.maxAgeSeconds).toBe(3600);
    expect(loadConfig({ JWT_MAX_AGE: '90m' }).auth.maxAgeSeconds).toBe(5400);
    expect(loadConfig({ JWT_MAX_AGE: '8760h' }).auth.maxAgeSeconds).toBe(365 * 24 * 3600);
  });

  it('needs no JWT_SECRET with DATABASE_URL when tokens are verified with a public key', () => {
    expect(loadConfig({ DATABASE_URL: PG_URL, JWT_PUBLIC_KEY: PEM }).auth.secret).toBeNull();
  });
});

describe('loadConfig errors', () => {
  it.each([
    ['NODE_ENV', 'staging'],
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['PORT', '1e3'],
    ['DB_POOL_MAX', '0'],
    ['DB_POOL_MAX', '201'],
    ['LOG_FLUSH_MS', '5'],
    ['LOG_BATCH_MAX', '0'],
    ['LOG_BUFFER_MAX', 'many'],
    ['EMBEDDED_PG_PORT', '80'],
    ['DATABASE_URL', 'mysql://u:p@h/db'],
    ['DATABASE_URL', 'not a url'],
    ['JWT_SECRET', 'too-short'],
    ['JWT_PUBLIC_KEY', 'not-a-pem'],
    ['JWT_JWKS_URL', 'ftp://id.example/jwks'],
    ['JWT_ALGORITHMS', 'HS512'],
    ['JWT_ALGORITHMS', ','],
    ['JWT_MAX_AGE', 'forever'],
    ['JWT_MAX_AGE', '30d'],
    ['JWT_MAX_AGE', '59'],
    ['JWT_MAX_AGE', '8761h'],
    ['JWT_MAX_AGE', '-1'],
  ])('names %s when it is %j', (name, value) => {
    const env: Record<string, string> = { [name]: value };
    if (name === 'DATABASE_URL') env.JWT_SECRET = SECRET;
    const error = configErrorOf(env);
    expect(error.name).toBe('ConfigError');
    expect(error.problems.some((p) => p.startsWith(`${name} `)), error.message).toBe(true);
    expect(error.message).toContain(name);
  });

  it('reports every bad variable at once', () => {
    const error = configErrorOf({ NODE_ENV: 'staging', PORT: 'abc', DB_POOL_MAX: '0', LOG_FLUSH_MS: '1', JWT_SECRET: 'short' });
    expect(error.problems).toHaveLength(5);
    for (const name of ['NODE_ENV', 'PORT', 'DB_POOL_MAX', 'LOG_FLUSH_MS', 'JWT_SECRET']) {
      expect(error.message).toContain(name);
    }
  });

  it('never echoes a secret: short JWT_SECRET, malformed JWT_PUBLIC_KEY, DATABASE_URL or JWT_JWKS_URL with credentials', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ JWT_SECRET: 'short-but-secret-xyz' }, 'short-but-secret-xyz'],
      [{ JWT_PUBLIC_KEY: 'private-looking-key-material-xyz' }, 'private-looking-key-material-xyz'],
      [{ DATABASE_URL: 'mysql://shelf:db-p4ssw0rd-xyz@h/db', JWT_SECRET: SECRET }, 'db-p4ssw0rd-xyz'],
      [{ DATABASE_URL: 'postgres//shelf:db-p4ssw0rd-xyz@h/db', JWT_SECRET: SECRET }, 'db-p4ssw0rd-xyz'],
      [{ JWT_JWKS_URL: 'ftp://user:jwks-p4ssw0rd-xyz@id.example/jwks' }, 'jwks-p4ssw0rd-xyz'],
      [{ DATABASE_URL: PG_URL }, 'pg-p4ssw0rd-value'],
      [{ JWT_SECRET: SECRET, JWT_PUBLIC_KEY: PEM, JWT_ALGORITHMS: 'HS256' }, SECRET],
      [{ JWT_SECRET: SECRET, JWT_PUBLIC_KEY: PEM, JWT_ALGORITHMS: 'HS256' }, 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEsecretish'],
    ];
    for (const [env, secret] of cases) {
      const text = shown(configErrorOf(env));
      expect(text, JSON.stringify(env)).not.toContain(secret);
    }
  });

  it('refuses HS256 together with a public key or a JWKS URL (algorithm confusion)', () => {
    const envs: Array<Record<string, string>> = [
      { JWT_PUBLIC_KEY: PEM, JWT_ALGORITHMS: 'HS256' },
      { JWT_PUBLIC_KEY: PEM, JWT_ALGORITHMS: 'RS256,HS256' },
      { JWT_JWKS_URL: 'https://id.example/jwks', JWT_ALGORITHMS: 'HS256' },
      { JWT_JWKS_URL: 'https://id.example/jwks', JWT_ALGORITHMS: 'HS256', JWT_SECRET: SECRET },
    ];
    for (const env of envs) {
      const error = configErrorOf(env);
      expect(error.problems.some((p) => p.startsWith('JWT_ALGORITHMS ') && /HS256/.test(p)), error.message).toBe(true);
    }
  });

  it('refuses RS256/ES256 without a key to verify them with', () => {
    for (const algorithms of ['RS256', 'ES256']) {
      const error = configErrorOf({ JWT_ALGORITHMS: algorithms, JWT_SECRET: SECRET });
      expect(error.problems.some((p) => p.startsWith('JWT_ALGORITHMS '))).toBe(true);
    }
  });

  it('refuses DATABASE_URL without JWT_SECRET when HS256 is in use, naming JWT_SECRET', () => {
    const error = configErrorOf({ DATABASE_URL: PG_URL });
    expect(error.problems.some((p) => p.startsWith('JWT_SECRET '))).toBe(true);
    expect(configErrorOf({ DATABASE_URL: PG_URL, JWT_ALGORITHMS: 'HS256' }).message).toContain('JWT_SECRET');
  });

  it('accepts a JWT_SECRET of exactly 32 characters and refuses 31', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).auth.secret).toBe('x'.repeat(32));
    expect(configErrorOf({ JWT_SECRET: 'x'.repeat(31) }).problems[0]).toMatch(/^JWT_SECRET /);
  });
});
