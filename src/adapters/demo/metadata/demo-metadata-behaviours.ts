// The overrides set by tests or over /__control, checked on the way in, per service and ISBN ('*' for every ISBN).
import { z } from 'zod';
import { DEMO_METADATA_SOURCES, type DemoMetadataBehaviour, type DemoMetadataSource } from './demo-metadata-types.js';

const times = z.number().int().min(1).optional();
const seconds = z.number().int().min(0).max(86_400);

const behaviourSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('unknown') }),
  z.strictObject({ kind: z.literal('server_error'), status: z.number().int().min(500).max(599).optional(), retryAfterSeconds: seconds.optional(), times }),
  z.strictObject({ kind: z.literal('rate_limited'), retryAfterSeconds: seconds, times }),
  z.strictObject({ kind: z.literal('slow'), delayMs: z.number().int().min(0).max(600_000) }),
  z.strictObject({ kind: z.literal('malformed') }),
]);

const overrideSchema = z.strictObject({
  source: z.enum(DEMO_METADATA_SOURCES),
  isbn: z.string().refine((v) => v === '*' || /^\d{13}$/.test(v), 'a 13-digit ISBN or "*"'),
  behaviour: behaviourSchema,
});

export class InvalidOverrideError extends Error {}

export interface CheckedOverride {
  source: DemoMetadataSource;
  isbn: string;
  behaviour: DemoMetadataBehaviour;
}

/** The checked override, or an InvalidOverrideError naming what is wrong. */
export function checkOverride(value: unknown): CheckedOverride {
  const parsed = overrideSchema.safeParse(value);
  if (!parsed.success) {
    throw new InvalidOverrideError(parsed.error.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`).join('; '));
  }
  return parsed.data;
}

interface Override {
  behaviour: DemoMetadataBehaviour;
  /** Requests left before the override lapses, or null for always. */
  remaining: number | null;
}

/** A behaviour that decides the whole response (all but `unknown`, which removes one ISBN from it). */
export type RequestBehaviour = Exclude<DemoMetadataBehaviour, { kind: 'unknown' }>;

export class DemoMetadataOverrides {
  private readonly bySource = new Map<DemoMetadataSource, Map<string, Override>>(DEMO_METADATA_SOURCES.map((s) => [s, new Map()]));

  set({ source, isbn, behaviour }: CheckedOverride): void {
    const count = 'times' in behaviour ? behaviour.times : undefined;
    this.map(source).set(isbn, { behaviour, remaining: count ?? null });
  }

  isUnknown(source: DemoMetadataSource, isbn: string): boolean {
    return this.lookup(source, isbn)?.behaviour.kind === 'unknown';
  }

  /** The behaviour of a request for these ISBNs: the first asked ISBN's own, then '*'; its `times` counts down once. */
  takeForRequest(source: DemoMetadataSource, isbns: readonly string[]): RequestBehaviour | null {
    const map = this.map(source);
    const keys = [...isbns.filter((isbn) => map.has(isbn)), '*'];
    for (const key of keys) {
      const override = map.get(key);
      if (override === undefined || override.behaviour.kind === 'unknown') continue;
      if (override.remaining !== null && --override.remaining <= 0) map.delete(key);
      return override.behaviour;
    }
    return null;
  }

  clear(): void {
    for (const map of this.bySource.values()) map.clear();
  }

  private lookup(source: DemoMetadataSource, isbn: string): Override | undefined {
    const map = this.map(source);
    return map.get(isbn) ?? map.get('*');
  }

  private map(source: DemoMetadataSource): Map<string, Override> {
    const map = this.bySource.get(source);
    if (!map) throw new Error(`Unknown metadata source ${source}`);
    return map;
  }
}
