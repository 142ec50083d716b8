import { ValidationError } from '../../domain/shared/domain-error.js';

/** A filter naming a type or genre that does not exist is a bad query (400), not an empty result. */
export function unknownFilter(field: 'type_id' | 'genre_id', id: number): ValidationError {
  return new ValidationError(`Unknown ${field} ${id}`, [{ field, message: `no ${field.replace('_id', '')} ${id}` }]);
}
