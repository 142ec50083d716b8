import type { ServiceIdentifier } from 'inversify';

export interface UserClaims {
  subject: string;
  email: string | null;
  name: string | null;
}

/** Users as known from their tokens: a row is created on first sight, claims kept current. */
export interface UserDirectory {
  /** Returns the internal user id for the subject, creating or updating the row as needed. */
  ensure(claims: UserClaims): Promise<number>;
}
export const UserDirectory = Symbol.for('UserDirectory') as ServiceIdentifier<UserDirectory>;
