import { ContainerModule } from 'inversify';
import {
  DatabaseProvisioner,
  EmbeddedDatabaseProvisioner,
  ExternalDatabaseProvisioner,
} from './database-provisioner.js';

/** Operator-supplied PostgreSQL (`DATABASE_URL`). */
export const externalDatabaseModule = (url: string) =>
  new ContainerModule(({ bind }) => {
    bind(DatabaseProvisioner).toConstantValue(new ExternalDatabaseProvisioner(url));
  });

/** PostgreSQL started from the npm-shipped binaries in a local data folder (no `DATABASE_URL`). */
export const embeddedDatabaseModule = (dataDir: string, port: number, say: (line: string) => void) =>
  new ContainerModule(({ bind }) => {
    bind(DatabaseProvisioner).toConstantValue(new EmbeddedDatabaseProvisioner(dataDir, port, say));
  });
