import { inject, injectable } from 'inversify';
import type { ChannelTestRequest } from '../../../application/alerts/ports/channel-test-queue.js';
import { SendChannelTest } from '../../../application/alerts/send-channel-test.js';
import type { Job, JobHandler } from '../../../application/shared/job-handler.js';
import { RequestScope } from '../../../application/shared/request-scope.js';
import { consoleLogger } from '../../kits/console/console-output.js';

/** Sends a queued channel test; a send that throws fails the job, so the queue retries it later. */
@injectable()
export class ChannelTestJobHandler implements JobHandler<ChannelTestRequest> {
  constructor(
    @inject(RequestScope) private readonly scope: RequestScope,
    @inject(SendChannelTest) private readonly sendTest: SendChannelTest,
  ) {}

  async handle({ data }: Job<ChannelTestRequest>): Promise<void> {
    const request = { userId: Number(data.userId), channelId: Number(data.channelId) };
    const outcome = await this.scope.run(() => this.sendTest.execute(request));
    if (outcome.kind !== 'sent') consoleLogger.info('channel test not sent', { channel_id: request.channelId, outcome: outcome.kind });
  }
}
