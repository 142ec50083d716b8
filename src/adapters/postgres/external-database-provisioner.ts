import { assertReachable } from './database.js';
import type { DatabaseProvisioner, ProvisionedDatabase } from './database-provisioner.js';

/** The operator's PostgreSQL (`DATABASE_URL`): checked reachable, never stopped by the service. */
export class ExternalDatabaseProvisioner implements DatabaseProvisioner {
  constructor(private readonly url: string) {}

  async start(): Promise<ProvisionedDatabase> {
    await assertReachable(this.url);
    return { url: this.url, stop: async () => undefined };
  }
}
