import jwt from 'jsonwebtoken';

const DEV_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

/** A development JWT for `npm run token` and the start-up banner; never reachable over HTTP. */
export function signDevelopmentToken(secret: string, subject: string, ttlSeconds = DEV_TOKEN_TTL_SECONDS): string {
  return jwt.sign({ sub: subject, name: subject }, secret, { algorithm: 'HS256', expiresIn: ttlSeconds });
}
