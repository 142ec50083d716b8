import { readFileSync } from 'node:fs';
export const x = readFileSync;
