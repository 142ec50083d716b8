// ListLogs with the in-memory log store: newest first, filtered, page by page.
import { describe, expect, it } from 'vitest';
import { ListLogs } from '../../../../src/application/logging/list-logs.js';
import { InMemoryLogStore } from '../../../support/fakes/in-memory-log-store.js';
import { aLogEvent, anApiErrorEvent } from '../../../support/mothers/logging.js';
import { firstPage, pageAfter } from '../../../support/mothers/page.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 3, minute));

async function logs() {
  const store = new InMemoryLogStore();
  await store.append([
    aLogEvent({ time: at(1) }),
    anApiErrorEvent(at(2)),
    aLogEvent({ time: at(3), level: 'info', event: 'fetch_completed' }),
    anApiErrorEvent(at(4), { level: 'warn' }),
  ]);
  return { use: new ListLogs(store), store };
}

describe('ListLogs', () => {
  it('pages every event newest first', async () => {
    const { use } = await logs();
    const first = await use.execute({}, firstPage(3));
    expect(first.items.map((r) => r.time)).toEqual([at(4), at(3), at(2)]);
    expect(first.hasMore).toBe(true);
    const next = await use.execute({}, pageAfter(first.items[2]!.id, 3));
    expect(next).toMatchObject({ items: [{ time: at(1) }], hasMore: false });
  });

  it('filters by source, level and a time range (since inclusive, until exclusive)', async () => {
    const { use } = await logs();
    expect((await use.execute({ source: 'api' }, firstPage())).items.map((r) => r.time)).toEqual([at(4), at(2)]);
    expect((await use.execute({ level: 'error' }, firstPage())).items.map((r) => r.time)).toEqual([at(2), at(1)]);
    expect((await use.execute({ since: at(2), until: at(4) }, firstPage())).items.map((r) => r.time)).toEqual([at(3), at(2)]);
  });
});
