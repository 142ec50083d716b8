import type { ChannelTestQueue, ChannelTestRequest } from '../../../src/application/alerts/ports/channel-test-queue.js';

/** Keeps what was queued. */
export class FakeChannelTestQueue implements ChannelTestQueue {
  readonly queued: ChannelTestRequest[] = [];

  async enqueue(request: ChannelTestRequest): Promise<void> {
    this.queued.push({ ...request });
  }
}
