import { Cron } from 'croner';
import type { ScheduledRuns } from '../../application/pricing/ports/scheduled-runs.js';

export interface ScheduledJob {
  name: string;
  pattern: string;
  run(scheduledFor: Date): Promise<void>;
}

/**
 * croner fires on every instance; each occurrence is claimed in the database (keyed by job and minute), so the
 * job runs once whichever instances are up.
 */
export class CronScheduler {
  private readonly crons: Cron[] = [];

  constructor(
    private readonly jobs: readonly ScheduledJob[],
    private readonly claims: ScheduledRuns,
    private readonly instanceId: string,
    private readonly onError: (job: string, error: unknown) => void,
  ) {}

  start(): void {
    for (const job of this.jobs) {
      this.crons.push(
        new Cron(job.pattern, { timezone: 'UTC', protect: true }, async () => {
          const scheduledFor = new Date(Math.floor(Date.now() / 60_000) * 60_000);
          try {
            if (await this.claims.claim(job.name, scheduledFor, this.instanceId)) await job.run(scheduledFor);
          } catch (error) {
            this.onError(job.name, error);
          }
        }),
      );
    }
  }

  stop(): void {
    for (const cron of this.crons) cron.stop();
  }
}
