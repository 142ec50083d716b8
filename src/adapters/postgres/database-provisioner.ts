import path from 'node:path';
import type { ServiceIdentifier } from 'inversify';
import { assertReachable } from './database.js';
import { localSecrets, reachableClusterDir, startEmbeddedPostgres } from './embedded-postgres.js';

export interface ProvisionedDatabase {
  url: string;
  stop(): Promise<void>;
  /** Settles if a database this process runs died for good (an embedded one that could not be restarted). */
  lost?: Promise<Error>;
}

/** Where the database comes from: an operator's server, or one the service starts itself. */
export interface DatabaseProvisioner {
  start(): Promise<ProvisionedDatabase>;
}
export const DatabaseProvisioner = Symbol.for('DatabaseProvisioner') as ServiceIdentifier<DatabaseProvisioner>;

export class ExternalDatabaseProvisioner implements DatabaseProvisioner {
  constructor(private readonly url: string) {}

  async start(): Promise<ProvisionedDatabase> {
    await assertReachable(this.url);
    return { url: this.url, stop: async () => undefined };
  }
}

export class EmbeddedDatabaseProvisioner implements DatabaseProvisioner {
  constructor(
    private readonly dataDir: string,
    private readonly port: number,
    private readonly say: (line: string) => void,
  ) {}

  async start(): Promise<ProvisionedDatabase> {
    const secrets = await localSecrets(this.dataDir);
    const clusterDir = await reachableClusterDir(path.join(this.dataDir, 'pg'), this.say);
    this.say(`Starting embedded PostgreSQL (${clusterDir}, port ${this.port}) ...`);
    const db = await startEmbeddedPostgres({
      clusterDir,
      port: this.port,
      password: secrets.postgresPassword,
      database: 'shelfwatch',
      onProgress: this.say,
    });
    return { url: db.url, stop: db.stop, lost: db.lost };
  }
}
