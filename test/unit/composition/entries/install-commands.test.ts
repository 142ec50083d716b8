import { describe, expect, it } from 'vitest';
import { commandFor, RUNS_COMPILED } from '../../../../src/composition/entries/install-commands.js';

describe('commandFor', () => {
  it('names the development scripts when the sources run under tsx', () => {
    expect(RUNS_COMPILED).toBe(false);
    expect(commandFor('start')).toBe('npm start');
    expect(commandFor('restore', 'FILE')).toBe('npm run restore -- FILE');
  });

  it('names the :prod scripts in a compiled install, where tsx is absent', () => {
    expect(commandFor('start', '', true)).toBe('npm run start:prod');
    expect(commandFor('backup', 'x.tar.gz', true)).toBe('npm run backup:prod -- x.tar.gz');
    expect(commandFor('token', '<user>', true)).toBe('npm run token:prod -- <user>');
  });
});
