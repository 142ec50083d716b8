import { describe, expect, it } from 'vitest';
import { startNodeChild } from '../../../bench/processes.js';

const CHILD = `
console.log('starting');
console.log('listening on 1234');
let i = 0;
const timer = setInterval(() => { console.log('request ' + ++i); if (i === 200) { clearInterval(timer); console.log('done'); } }, 1);
setInterval(() => {}, 1000);
`;

describe('startNodeChild', () => {
  it('echoes the child’s lines until it is ready, then only keeps them (the measured cores are not spent echoing)', async () => {
    const said: string[] = [];
    const child = await startNodeChild({ name: 'svc', args: ['-e', CHILD], cwd: process.cwd(), env: process.env, ready: /listening/, timeoutMs: 20_000, say: (line) => said.push(line) });
    await new Promise((resolve) => setTimeout(resolve, 600));
    await child.stop();
    expect(said).toEqual(['  [svc] starting', '  [svc] listening on 1234']);
  });

  it('reports the child’s last lines when it exits unasked', async () => {
    const said: string[] = [];
    const child = await startNodeChild({
      name: 'svc',
      args: ['-e', "console.log('listening'); for (let i = 1; i <= 50; i++) console.log('line ' + i); setTimeout(() => process.exit(3), 50);"],
      cwd: process.cwd(),
      env: process.env,
      ready: /listening/,
      timeoutMs: 20_000,
      say: (line) => said.push(line),
    });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(() => child.assertRunning()).toThrow(/exited unexpectedly \(code 3\):[\s\S]*line 50/);
    const report = said.find((line) => line.includes('exited unexpectedly'))!;
    expect(report).toContain('line 50');
    expect(report).not.toContain('line 10\n');
  });
});
