import { ValidationError } from '../shared/domain-error.js';
import { searchTextOf } from '../shared/search-text.js';
import { textLength } from '../shared/text-length.js';

export const AUTHOR_NAME_MAX = 300;
export const AUTHOR_ALIASES_MAX = 50;
/** Author search needs at least this many characters (after trimming). */
export const AUTHOR_QUERY_MIN = 3;

export interface AuthorFields {
  name: string;
  aliases: string[];
}

export class Author {
  id!: number;
  name!: string;
  aliases!: string[];
  isUserCreated!: boolean;
  /** Folded name and aliases, for accent- and case-insensitive search. */
  nameSearch!: string;
  createdAt!: Date;
  updatedAt!: Date;

  static createByUser(fields: AuthorFields, now: Date): Author {
    const author = new Author();
    author.isUserCreated = true;
    author.createdAt = now;
    author.replace(fields, now);
    return author;
  }

  /** PUT semantics: name and aliases are replaced (fixing a name, adding aliases). */
  replace(fields: AuthorFields, now: Date): void {
    const name = fields.name.trim();
    if (name.length === 0 || textLength(name) > AUTHOR_NAME_MAX) {
      throw new ValidationError('Invalid author', [
        { field: 'author_name', message: `must be 1 to ${AUTHOR_NAME_MAX} characters` },
      ]);
    }
    const aliases = [...new Set(fields.aliases.map((a) => a.trim()).filter((a) => a.length > 0 && a !== name))];
    if (aliases.length > AUTHOR_ALIASES_MAX || aliases.some((a) => textLength(a) > AUTHOR_NAME_MAX)) {
      throw new ValidationError('Invalid author', [
        { field: 'aliases', message: `at most ${AUTHOR_ALIASES_MAX} aliases of at most ${AUTHOR_NAME_MAX} characters` },
      ]);
    }
    this.name = name;
    this.aliases = aliases;
    this.nameSearch = searchTextOf([name, ...aliases]);
    this.updatedAt = now;
  }
}
