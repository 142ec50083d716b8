import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runExtractCli, type CliEnvironment } from '../../../../../src/adapters/stores/cli/run-extract-cli.js';
import { catalogueOf, fakeExplainer, PRICE, recipe, tempFolder } from './cli-test-helpers.js';

const corner = recipe({ key: 'corner', name: 'Corner Bookshop', currency: 'GBP', hosts: ['corner.example'] });

function environment(options: { tty?: boolean; catalogueError?: Error } = {}) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const engine = fakeExplainer(() => PRICE);
  const storesFiles: Array<string | undefined> = [];
  const env: CliEnvironment = {
    stdout: { write: (text) => stdout.push(text) > 0, once: () => undefined },
    stderr: { isTTY: options.tty ?? false, write: (text) => stderr.push(text) > 0 },
    loadCatalogue: (storesFile) => {
      storesFiles.push(storesFile);
      if (options.catalogueError) throw options.catalogueError;
      return catalogueOf(corner);
    },
    http: () => {
      throw new Error('no network in this test');
    },
    explainer: engine.explainer,
  };
  return { env, stdout: () => stdout.join(''), stderr: () => stderr.join(''), calls: engine.calls, storesFiles };
}

describe('runExtractCli', () => {
  it('prints the usage with --help and exits 0', async () => {
    const run = environment();
    expect(await runExtractCli(['--help'], run.env)).toBe(0);
    expect(run.stdout()).toMatch(/^Usage: npm run extract -- \[options\] <FILE\|URL>/);
  });

  it('exits 2 on a usage error, on stderr, pointing to --help', async () => {
    const run = environment();
    expect(await runExtractCli(['--offer-choice', 'cheapest', 'a.html'], run.env)).toBe(2);
    expect(run.stderr()).toContain('extract: --offer-choice must be first or lowest');
    expect(run.stderr()).toContain('--help');
    expect(run.stdout()).toBe('');
  });

  it('exits 2 on an unknown --store and says how to list the keys', async () => {
    const run = environment();
    expect(await runExtractCli(['--store', 'nope', 'a.html'], run.env)).toBe(2);
    expect(run.stderr()).toContain('unknown store "nope": `npm run extract -- --list-stores` lists the store keys');
  });

  it('exits 2 when the store recipes cannot be loaded, and passes --stores-file on', async () => {
    const run = environment({ catalogueError: new Error('ops.json: is not valid JSON') });
    expect(await runExtractCli(['--stores-file', 'ops.json', 'a.html'], run.env)).toBe(2);
    expect(run.storesFiles).toEqual(['ops.json']);
    expect(run.stderr()).toContain('the store recipes cannot be loaded: ops.json: is not valid JSON');
  });

  it('lists the stores: key, currency, name, hosts', async () => {
    const run = environment();
    expect(await runExtractCli(['--list-stores'], run.env)).toBe(0);
    expect(run.stdout()).toBe('corner\tGBP\tCorner Bookshop\tcorner.example\n');
  });

  it("reads files with the store recipe of --url's host, one JSON line per input; an unreadable file exits 1", async () => {
    const folder = tempFolder({ 'a.html': '<p>a</p>', 'b.html': '<p>b</p>' });
    const run = environment();
    const inputs = ['a.html', 'gone.html', 'b.html'].map((name) => path.join(folder, name));
    expect(await runExtractCli(['--json', '--url', 'https://corner.example/book/1', ...inputs], run.env)).toBe(1);
    const lines = run.stdout().trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.input, line.ok, line.kind ?? line.amount])).toEqual([
      [inputs[0], true, '18.09'],
      [inputs[1], false, 'bad_input'],
      [inputs[2], true, '18.09'],
    ]);
    expect(lines[1].message).toMatch(/cannot read .*gone\.html: ENOENT/);
    expect(run.calls.map((call) => [call.html, call.pageUrl, call.config.defaultCurrency])).toEqual([
      ['<p>a</p>', 'https://corner.example/book/1', 'GBP'],
      ['<p>b</p>', 'https://corner.example/book/1', 'GBP'],
    ]);
  });

  it('gives a file with no --url its file: URL and exits 0 when every input was read', async () => {
    const folder = tempFolder({ 'a.html': '<p>a</p>' });
    const run = environment();
    expect(await runExtractCli([path.join(folder, 'a.html')], run.env)).toBe(0);
    expect(run.calls[0]?.pageUrl).toBe(`file://${path.join(folder, 'a.html')}`);
    expect(run.stdout()).toContain('result:   18.09 EUR in_stock (json-ld)');
  });

  it('shows progress on a terminal only, on stderr, and clears it', async () => {
    const folder = tempFolder({ 'a.html': '<p>a</p>', 'b.html': '<p>b</p>' });
    const inputs = [path.join(folder, 'a.html'), path.join(folder, 'b.html')];
    const terminal = environment({ tty: true });
    await runExtractCli(inputs, terminal.env);
    expect(terminal.stderr()).toContain('[1/2] ');
    expect(terminal.stderr().endsWith('\r\x1b[K')).toBe(true);
    expect(terminal.stdout()).not.toContain('[1/2]');
    const piped = environment({ tty: false });
    await runExtractCli(inputs, piped.env);
    expect(piped.stderr()).toBe('');
  });

  it('exits 1 when the batch file cannot be read, and 0 when a bad case was answered in-band', async () => {
    const missing = environment();
    expect(await runExtractCli(['--batch', '/nonexistent/cases.jsonl'], missing.env)).toBe(1);
    expect(missing.stderr()).toContain('cannot read the batch file /nonexistent/cases.jsonl');
    const folder = tempFolder({ 'good.jsonl': '{"html": "<p></p>"}\n', 'bad.jsonl': '{"html": "<p></p>"}\n{"oops": 1}\n' });
    expect(await runExtractCli(['--batch', path.join(folder, 'good.jsonl')], environment().env)).toBe(0);
    const bad = environment();
    expect(await runExtractCli(['--batch', path.join(folder, 'bad.jsonl')], bad.env)).toBe(0);
    expect(bad.stdout().trimEnd().split('\n')).toHaveLength(2);
  });
});

