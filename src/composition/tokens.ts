import type { ServiceIdentifier } from 'inversify';
import type { Express } from 'express';
import type { AppConfig } from '../../config/config.js';
import type { ScheduledJob } from '../adapters/scheduler/cron-scheduler.js';

/** The validated configuration this process runs with. */
export const Config = Symbol.for('Config') as ServiceIdentifier<AppConfig>;
/** Operational lines for the terminal (start-up, outages, hand-backs). */
export type Say = (line: string) => void;
export const Say = Symbol.for('Say') as ServiceIdentifier<Say>;
/** This process among the instances sharing the database (scheduled-run claims). */
export const InstanceId = Symbol.for('InstanceId') as ServiceIdentifier<string>;
/** The cron jobs this process schedules; each occurrence is claimed once across instances. */
export const ScheduledJobs = Symbol.for('ScheduledJobs') as ServiceIdentifier<readonly ScheduledJob[]>;
/** The API service's HTTP application (API, health probes, in-process logging routes, web UI). */
export const ApiHttpApp = Symbol.for('ApiHttpApp') as ServiceIdentifier<Express>;
/** The standalone logging component's HTTP application. */
export const LogHttpApp = Symbol.for('LogHttpApp') as ServiceIdentifier<Express>;
