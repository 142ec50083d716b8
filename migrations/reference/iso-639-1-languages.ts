// The languages the seed migration inserts: the domain's ISO 639-1 table (one list for the catalog, imports and
// metadata sources).
export { ISO_639_1_LANGUAGES } from '../../src/domain/reference/iso-639-1-languages.js';
