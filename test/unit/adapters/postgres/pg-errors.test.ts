import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from '../../../../src/adapters/postgres/pg-errors.js';

const wrapped = (inner: object): Error => Object.assign(new Error('DriverException'), { previous: inner });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a server shutting down (57P01), wrapped by the ORM', wrapped({ code: '57P01', message: 'terminating connection due to administrator command' })],
    ['a connection failure (08006)', { code: '08006' }],
    ['a refused connection', wrapped({ code: 'ECONNREFUSED' })],
    ['a connection that ended mid-query', new Error('Connection terminated unexpectedly')],
    ["knex's next statement in a transaction whose connection died", new Error('Transaction query already complete, run with DEBUG=knex:tx for more info')],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', wrapped({ code: '23505' })],
    ['a protocol violation (08P01, which a bad value can cause)', { code: '08P01' }],
    ['any other error', new Error('boom')],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('leaves unique violations to isUniqueViolation', () => {
    expect(isUniqueViolation(wrapped({ code: '23505', constraint: 'book_pkey' }), 'book_pkey')).toBe(true);
  });
});
