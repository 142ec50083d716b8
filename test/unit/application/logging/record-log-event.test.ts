// RecordLogEvent with a fake sink: every event joins the sink in order, and the intake waits while the sink is backed up.
import { describe, expect, it } from 'vitest';
import { RecordLogEvent } from '../../../../src/application/logging/record-log-event.js';
import { FakeLogSink } from '../../../support/fakes/fake-log-sink.js';
import { aLogEvent, anApiErrorEvent } from '../../../support/mothers/logging.js';

describe('RecordLogEvent', () => {
  it('records every event of the batch in order', async () => {
    const sink = new FakeLogSink();
    const batch = [aLogEvent(), anApiErrorEvent(new Date('2026-11-25T03:01:00Z')), aLogEvent({ event: 'fetch_completed', level: 'info' })];
    await new RecordLogEvent(sink).execute(batch);
    expect(sink.events).toEqual(batch);
    expect(sink.readyCalls).toBe(1);
  });

  it('records the events at once but resolves only when the sink has room again', async () => {
    const sink = new FakeLogSink();
    const release = sink.holdReady();
    let answered = false;
    const intake = new RecordLogEvent(sink)
      .execute([aLogEvent()])
      .then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sink.events).toHaveLength(1);
    expect(answered).toBe(false);
    release();
    await intake;
    expect(answered).toBe(true);
  });

  it('an empty batch records nothing and still waits for room', async () => {
    const sink = new FakeLogSink();
    await new RecordLogEvent(sink).execute([]);
    expect(sink.events).toEqual([]);
    expect(sink.readyCalls).toBe(1);
  });
});
