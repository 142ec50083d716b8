// Requests of the benchmarks to a service child: its address, a token it accepts, a checked GET.
import jwt from 'jsonwebtoken';

/** The base URL of a child listening on 127.0.0.1. */
export const localUrl = (port: number): string => `http://127.0.0.1:${port}`;

/** An HS256 token for `subject` (its name the subject unless given), signed with the child's JWT_SECRET. */
export function benchToken(secret: string, subject: string, expiresIn: '1h' | '2h' | '3h', name = subject): string {
  return jwt.sign({ sub: subject, name }, secret, { algorithm: 'HS256', expiresIn });
}

/** GET with the token; throws unless the answer is 200. Returns the parsed body and its size in bytes. */
export async function getJson<T = unknown>(url: string, token: string): Promise<{ json: T; bytes: number }> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return { json: JSON.parse(text) as T, bytes: Buffer.byteLength(text) };
}
