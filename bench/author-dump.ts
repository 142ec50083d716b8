// Writes a generated Open Library authors dump (`ol_dump_authors_*.txt.gz` format, docs/authors.md): one author a line,
// tab-separated type, key, revision, last modified and the JSON record. Names are drawn from first names × surnames
// (some accented, so the folded search text differs from the name), one author in eight has alternate names, one in
// twelve birth and death dates, and one line in 200,000 is damaged (the loader must count it and go on). Deterministic:
// the same count gives the same file. `npx tsx bench/author-dump.ts FILE [COUNT]` writes one by hand.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createGzip, constants } from 'node:zlib';

const FIRST = [
  'john', 'mary', 'james', 'anna', 'robert', 'elizabeth', 'william', 'margaret', 'david', 'sarah', 'thomas', 'helen',
  'charles', 'ruth', 'george', 'emma', 'henry', 'clara', 'peter', 'alice', 'jean', 'marie', 'hans', 'ingrid', 'józef',
  'zoë', 'søren', 'andré', 'björn', 'chloé', 'ramón', 'łukasz', 'françois', 'giulia', 'akira', 'mei', 'olga', 'ivan',
].map(capital);
const SURNAMES = [
  'smith', 'jones', 'brown', 'taylor', 'wilson', 'davies', 'evans', 'thomas', 'johnson', 'roberts', 'walker', 'wright',
  'robinson', 'thompson', 'white', 'hughes', 'edwards', 'green', 'hall', 'wood', 'harris', 'lewis', 'martin', 'jackson',
  'clarke', 'clark', 'turner', 'hill', 'scott', 'cooper', 'morris', 'ward', 'moore', 'king', 'watson', 'baker', 'harrison',
  'morgan', 'patel', 'young', 'allen', 'mitchell', 'james', 'anderson', 'phillips', 'lee', 'bell', 'parker', 'davis',
  'müller', 'schröder', 'dvořák', 'gonzález', 'pérez', 'lópez', 'núñez', 'østergård', 'łukasiewicz', 'šimková', 'ångström',
  'dubois', 'lefèvre', 'rossi', 'bianchi', 'tanaka', 'suzuki', 'ivanov', 'petrova', 'kowalski', 'nowak', 'jensen',
  'pemberton', 'ashworth', 'blackwood', 'featherstone', 'hargreaves', 'whitcombe', 'thistlewood', 'quennell',
].map(capital);
const MIDDLE = 'ABCDEFGHJKLMNPRSTW';

function capital(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A skewed pick (earlier entries far more often), from a 32-bit hash. */
function pick<T>(list: readonly T[], hash: number): T {
  const r = (hash >>> 0) / 2 ** 32;
  return list[Math.floor(r * r * list.length)]!;
}

/** A 32-bit mix of n and a salt (splitmix-style), so the file is the same every run. */
function mix(n: number, salt: number): number {
  let x = (n * 0x9e3779b1 + salt * 0x85ebca6b) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}

/** Line n (1-based) of the generated dump. */
export function authorDumpLine(n: number): string {
  if (n % 200_000 === 0) return `/type/author\t/authors/OL${n}A\tnot-a-number\t2024-01-01T00:00:00\t{"name": "Damaged"`;
  const first = pick(FIRST, mix(n, 1));
  const surname = pick(SURNAMES, mix(n, 2));
  const middle = mix(n, 3) % 3 === 0 ? ` ${MIDDLE[mix(n, 4) % MIDDLE.length]}.` : '';
  // A number keeps names apart the way real catalogues' many "John Smith"s are told apart by their dates.
  const name = `${first}${middle} ${surname}${n % 7 === 0 ? ` ${n % 997}` : ''}`;
  const revision = 1 + (mix(n, 5) % 6);
  const record: Record<string, unknown> = { key: `/authors/OL${n}A`, name, type: { key: '/type/author' }, revision };
  if (mix(n, 6) % 8 === 0) record.alternate_names = [`${surname}, ${first}`, `${first.charAt(0)}. ${surname}`];
  if (mix(n, 7) % 12 === 0) {
    const born = 1800 + (mix(n, 8) % 200);
    record.birth_date = String(born);
    if (born < 1950) record.death_date = String(born + 40 + (mix(n, 9) % 50));
  }
  record.last_modified = { type: '/type/datetime', value: '2024-01-01T00:00:00.000000' };
  return `/type/author\t/authors/OL${n}A\t${revision}\t2024-01-01T00:00:00.000000\t${JSON.stringify(record)}`;
}

/** Writes `count` lines to `file`, gzip-compressed (fast level, as a benchmark's input need not be small). */
export async function writeAuthorDump(file: string, count: number, onProgress?: (written: number) => void): Promise<void> {
  const gzip = createGzip({ level: constants.Z_BEST_SPEED });
  const out = createWriteStream(file);
  const piped = gzip.pipe(out);
  const CHUNK = 2_000;
  for (let from = 1; from <= count; from += CHUNK) {
    const lines: string[] = [];
    for (let n = from; n < Math.min(from + CHUNK, count + 1); n++) lines.push(authorDumpLine(n));
    if (!gzip.write(`${lines.join('\n')}\n`)) await once(gzip, 'drain');
    if (onProgress && (from - 1) % 1_000_000 === 0) onProgress(from - 1);
  }
  gzip.end();
  await once(piped, 'finish');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, count] = process.argv.slice(2);
  if (!file) throw new Error('Usage: npx tsx bench/author-dump.ts FILE [COUNT]');
  await writeAuthorDump(file, Number(count ?? 14_000_000), (n) => console.log(`${n.toLocaleString('en-US')} lines`));
}
