import { z } from 'zod';
import { documentAs } from './documented-as.js';

/** The most ids one `ids` parameter may list: a page's worth (per_page's maximum). */
export const ID_LIST_MAX = 100;

const ID = /^[1-9]\d{0,15}$/;
const PATTERN = '^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15}){0,99}$';

/**
 * `ids=3,1,2` in a query string: 1 to 100 positive integer ids separated by commas, no empty parts (`1,,2`, `1,`),
 * no spaces, signs or leading zeros. Anything else is one problem naming the parameter itself (never `ids[2]`), so a
 * client's field error lands beside the field it sent. Repeated ids are kept; the listing answers each id once.
 */
export const IdListText = documentAs(
  z.string().transform((text, ctx) => {
    const parts = text.split(',');
    if (parts.length > ID_LIST_MAX) {
      ctx.addIssue({ code: 'custom', message: `must list at most ${ID_LIST_MAX} ids` });
      return z.NEVER;
    }
    if (!parts.every((part) => ID.test(part) && Number(part) <= Number.MAX_SAFE_INTEGER)) {
      ctx.addIssue({ code: 'custom', message: 'must be positive integer ids separated by commas, with no empty parts' });
      return z.NEVER;
    }
    return parts.map(Number);
  }),
  { type: 'string', pattern: PATTERN, examples: ['3,1,2'] },
);
