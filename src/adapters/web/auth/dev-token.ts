import jwt from 'jsonwebtoken';

export const DEV_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

/** A development JWT for `npm run token`, the start-up banner and, only with DEV_SIGN_IN=on, the web UI's development sign-in. */
export function signDevelopmentToken(secret: string, subject: string, ttlSeconds = DEV_TOKEN_TTL_SECONDS): string {
  return jwt.sign({ sub: subject, name: subject }, secret, { algorithm: 'HS256', expiresIn: ttlSeconds });
}
