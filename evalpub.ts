import { readFileSync } from 'node:fs';
import { explainPrice } from './src/adapters/stores/extraction/index.js';
const index = JSON.parse(readFileSync('test/fixtures/store-pages/public/index.json', 'utf8'));
const pages = Array.isArray(index) ? index : index.pages;
let right = 0, wrong = 0, refused = 0;
for (const p of pages) {
  const html = readFileSync(`test/fixtures/store-pages/public/${p.file}`, 'utf8');
  const r = explainPrice(html, p.url, { defaultCurrency: p.currency }).result;
  const exp = p.expected;
  let verdict;
  if (!r.ok) { verdict = exp === null ? 'right(refuse)' : 'refused'; }
  else verdict = exp && r.amount === exp.amount && r.currency === exp.currency ? 'right' : 'WRONG';
  if (verdict.startsWith('right')) right++; else if (verdict === 'WRONG') wrong++; else refused++;
  console.log(verdict.padEnd(14), p.file.padEnd(50), r.ok ? `${r.amount} ${r.currency} ${r.source}` : `${r.kind}: ${r.message.slice(0,110)}`, '| exp', exp ? exp.amount + ' ' + exp.currency : null);
}
console.log({ right, wrong, refused });
