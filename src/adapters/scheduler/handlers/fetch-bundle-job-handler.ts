import { inject, injectable } from 'inversify';
import type { FetchTask } from '../../../application/pricing/ports/fetch-runs.js';
import { ReleaseFetchTasks } from '../../../application/pricing/release-fetch-tasks.js';
import { RunFetchBundle } from '../../../application/pricing/run-fetch-bundle.js';
import type { Job, JobHandler } from '../../../application/shared/job-handler.js';
import { RequestScope } from '../../../application/shared/request-scope.js';
import type { FetchTaskRelease } from '../fetch-workers.js';

/** The fetch workers' side of a bundle: run it, or give its tasks back; each in its own request scope. */
@injectable()
export class FetchBundleJobHandler implements JobHandler<readonly FetchTask[]>, FetchTaskRelease {
  constructor(
    @inject(RequestScope) private readonly scope: RequestScope,
    @inject(RunFetchBundle) private readonly runBundle: RunFetchBundle,
    @inject(ReleaseFetchTasks) private readonly releaseTasks: ReleaseFetchTasks,
  ) {}

  async handle({ data, signal }: Job<readonly FetchTask[]>): Promise<void> {
    await this.scope.run(() => this.runBundle.execute(data, signal));
  }

  release(tasks: readonly FetchTask[]): Promise<void> {
    return this.scope.run(() => this.releaseTasks.execute(tasks));
  }
}
