import type { PageRequest } from '../../../src/domain/shared/page.js';

export function firstPage(size = 20): PageRequest {
  return { window: { kind: 'first' }, size };
}

export function pageAfter(key: number, size = 20): PageRequest {
  return { window: { kind: 'after', key }, size };
}

export function pageBefore(key: number, size = 20): PageRequest {
  return { window: { kind: 'before', key }, size };
}

export function lastPage(size = 20): PageRequest {
  return { window: { kind: 'last' }, size };
}
