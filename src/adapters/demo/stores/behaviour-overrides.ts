// The behaviours set by tests or over /__control, per store and ISBN ('*' for every ISBN), with the countdown of
// `times` for rate limits and server errors.
import { DEMO_STORE_SLUGS, type DemoBehaviour, type DemoStoreSlug } from './demo-store-types.js';

interface Override {
  behaviour: DemoBehaviour;
  /** Requests left before the override lapses, or null for always. */
  remaining: number | null;
}

export class BehaviourOverrides {
  private readonly overrides = new Map<DemoStoreSlug, Map<string, Override>>(DEMO_STORE_SLUGS.map((s) => [s, new Map()]));

  set(store: DemoStoreSlug, isbn: string, behaviour: DemoBehaviour): void {
    const times = 'times' in behaviour ? behaviour.times : undefined;
    this.forStore(store).set(isbn, { behaviour, remaining: times ?? null });
  }

  /** The behaviour for one request (the ISBN's own override first, then '*'), counting down its `times`. */
  take(store: DemoStoreSlug, isbn: string): DemoBehaviour | null {
    const map = this.forStore(store);
    const key = map.has(isbn) ? isbn : map.has('*') ? '*' : null;
    if (key === null) return null;
    const override = map.get(key);
    if (!override) return null;
    if (override.remaining !== null) {
      override.remaining -= 1;
      if (override.remaining <= 0) map.delete(key);
    }
    return override.behaviour;
  }

  clear(): void {
    for (const map of this.overrides.values()) map.clear();
  }

  private forStore(store: DemoStoreSlug): Map<string, Override> {
    const map = this.overrides.get(store);
    if (!map) throw new Error(`Unknown demonstration store ${store}`);
    return map;
  }
}
