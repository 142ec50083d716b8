import { inject, injectable } from 'inversify';
import type { LogFilter, LogRecord } from '../../domain/logging/log-record.js';
import type { PageRequest, PageSlice } from '../../domain/shared/page.js';
import { LogStore } from './ports/log-store.js';

/** The viewer (`GET /logs`): one page of stored events, newest first. */
@injectable()
export class ListLogs {
  constructor(@inject(LogStore) private readonly store: LogStore) {}

  execute(filter: LogFilter, request: PageRequest): Promise<PageSlice<LogRecord>> {
    return this.store.page(filter, request);
  }
}
