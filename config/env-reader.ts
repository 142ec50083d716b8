// Small typed readers over an environment map that collect every problem before failing,
// so an operator sees all wrong variables at once, each named.

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function readEnv(env: NodeJS.ProcessEnv) {
  const problems: string[] = [];
  const raw = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const fail = (name: string, message: string): void => {
    problems.push(`${name} ${message}`);
  };

  return {
    fail,
    string: raw,
    int(name: string, opts: { min: number; max: number; fallback: number }): number {
      const value = raw(name);
      if (value === undefined) return opts.fallback;
      const n = Number(value);
      if (!/^-?\d+$/.test(value) || n < opts.min || n > opts.max) {
        fail(name, `must be an integer from ${opts.min} to ${opts.max} (got "${value}")`);
        return opts.fallback;
      }
      return n;
    },
    /** Seconds, or a number with a unit: `90`, `90s`, `10m`, `2h`. */
    duration(name: string, opts: { min: number; max: number; fallback: number }): number {
      const value = raw(name);
      if (value === undefined) return opts.fallback;
      const match = /^(\d+)\s*(s|m|h)?$/.exec(value);
      const seconds = match ? Number(match[1]) * ({ s: 1, m: 60, h: 3600 } as const)[(match[2] ?? 's') as 's' | 'm' | 'h'] : NaN;
      if (!match || seconds < opts.min || seconds > opts.max) {
        fail(name, `must be a duration such as 600, 90s, 10m or 2h, from ${opts.min} to ${opts.max} seconds (got "${value}")`);
        return opts.fallback;
      }
      return seconds;
    },
    oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
      const value = raw(name);
      if (value === undefined) return fallback;
      if (!(allowed as readonly string[]).includes(value)) {
        fail(name, `must be one of ${allowed.join(', ')} (got "${value}")`);
        return fallback;
      }
      return value as T;
    },
    list<T extends string>(name: string, allowed: readonly T[], fallback: T[]): T[] {
      const value = raw(name);
      if (value === undefined) return fallback;
      const items = value.split(',').map((s) => s.trim()).filter(Boolean);
      const bad = items.filter((i) => !(allowed as readonly string[]).includes(i));
      if (items.length === 0 || bad.length > 0) {
        fail(name, `must be a comma-separated list of ${allowed.join(', ')} (got "${value}")`);
        return fallback;
      }
      return items as T[];
    },
    url(name: string, protocols: string[]): string | undefined {
      const value = raw(name);
      if (value === undefined) return undefined;
      try {
        const parsed = new URL(value);
        if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
        return value;
      } catch {
        fail(name, `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);
        return undefined;
      }
    },
    throwIfFailed(): void {
      if (problems.length > 0) throw new ConfigError(problems);
    },
  };
}
