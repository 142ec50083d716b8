import { execFileSync } from 'node:child_process';

/** The commit measured, and whether the service's own sources differ from it (read-only git commands). */
export function codeVersion(root: string): string {
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const commit = git('log', '-1', '--format=%h (%s)');
    const dirty = git('--no-optional-locks', 'status', '--porcelain', '--', 'src', 'config', 'migrations', 'package.json', 'package-lock.json') !== '';
    return `commit ${commit}${dirty ? ', with uncommitted changes to the service' : ''}`;
  } catch {
    return 'an unknown commit (no git)';
  }
}
