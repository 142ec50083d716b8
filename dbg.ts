import { readFileSync } from 'node:fs';
import { explainPrice } from '/work/main/src/adapters/stores/extraction/index.js';
const [file, url, cur, isbn] = process.argv.slice(2);
const html = readFileSync(file!, 'utf8');
const r = explainPrice(html, url!, { defaultCurrency: cur ?? 'EUR', ...(isbn ? { isbn13: isbn } : {}) });
console.log(JSON.stringify(r, null, 1).slice(0, 4000));
