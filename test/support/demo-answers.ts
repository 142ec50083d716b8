// What the demonstration stores answer for one ISBN in a test. Left alone, every demo store prices every ISBN (from a
// hash of it), so which stores offer a test's book would depend on which ISBN the test got — and the ISBN helpers'
// counters carry over from the files a worker ran before. A test that counts quotes, alerts or messages says what
// every store answers.
import { DEMO_STORE_SLUGS, type DemoAvailability, type DemoStoreServer, type DemoStoreSlug } from '../../src/adapters/demo/stores/index.js';

export type StoreOffer = readonly [amount: string, availability?: DemoAvailability];

/** Every demo store's answer for `isbn`: the given offers (in stock unless said), `not_found` everywhere else. */
export function demoStoresAnswer(demo: Pick<DemoStoreServer, 'set'>, isbn: string, offers: Partial<Record<DemoStoreSlug, StoreOffer>>): void {
  for (const slug of DEMO_STORE_SLUGS) {
    const offer = offers[slug];
    demo.set(slug, isbn, offer ? { kind: 'price', amount: offer[0], availability: offer[1] ?? 'in_stock' } : { kind: 'not_found' });
  }
}
