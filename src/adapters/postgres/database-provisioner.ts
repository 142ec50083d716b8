export interface ProvisionedDatabase {
  url: string;
  stop(): Promise<void>;
  /** Settles if a database this process runs died for good (an embedded one that could not be restarted). */
  lost?: Promise<Error>;
}

/** Where the database comes from: an operator's server, or one the service starts itself (chosen by the boot). */
export interface DatabaseProvisioner {
  start(): Promise<ProvisionedDatabase>;
}
