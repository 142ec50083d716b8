import pg from 'pg';

/** The names of the secrets the schema makes once (migration 17), shared by every instance on the database. */
export type ServiceSecretName = 'cursor';

/** Reads one of the database's own secrets; the migrations have run, so it exists. */
export async function readServiceSecret(databaseUrl: string, name: ServiceSecretName): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ value: string }>('select value from service_secret where name = $1', [name]);
    const value = rows[0]?.value;
    if (!value) throw new Error(`The database has no service secret '${name}': its migrations did not complete`);
    return value;
  } finally {
    await client.end();
  }
}
