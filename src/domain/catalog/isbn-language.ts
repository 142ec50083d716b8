/**
 * The language an ISBN's registration group most likely means, for an edition created from a reading-list export
 * that does not say: the group is where the publisher registered (978-3 is the German-speaking area, 978-2 the
 * French-speaking one), which for trade books is almost always the edition's language. Groups shared by several
 * languages (978-0/1 includes bilingual Canadian and Indian publishers; 978-80 Czech and Slovak) answer the main
 * one. Null for a group this table does not know.
 */
export const ISBN_GROUP_LANGUAGES: ReadonlyArray<readonly [prefix: string, language: string]> = [
  // Longest prefixes first: 978-84 before 978-8.
  ['978600', 'fa'], ['978601', 'kk'], ['978602', 'id'], ['978603', 'ar'], ['978604', 'vi'], ['978605', 'tr'],
  ['978606', 'ro'], ['978607', 'es'], ['978608', 'mk'], ['978609', 'lt'], ['978612', 'es'], ['978613', 'ru'],
  ['978614', 'ar'], ['978615', 'hu'], ['978616', 'th'], ['978617', 'uk'], ['978618', 'el'], ['978619', 'bg'],
  ['978621', 'tl'], ['978950', 'es'], ['978951', 'fi'], ['978952', 'fi'], ['978953', 'hr'], ['978954', 'bg'],
  ['978956', 'es'], ['978958', 'es'], ['978959', 'es'], ['978960', 'el'], ['978961', 'sl'], ['978963', 'hu'],
  ['978965', 'he'], ['978966', 'uk'], ['978968', 'es'], ['978970', 'es'], ['978972', 'pt'], ['978973', 'ro'],
  ['978974', 'th'], ['978975', 'tr'], ['978977', 'ar'], ['978978', 'en'], ['978979', 'id'], ['978980', 'es'],
  ['978984', 'bn'], ['978985', 'ru'], ['978986', 'zh'], ['978987', 'es'], ['978989', 'pt'], ['97899', 'es'],
  ['97880', 'cs'], ['97881', 'hi'], ['97882', 'no'], ['97883', 'pl'], ['97884', 'es'], ['97885', 'pt'],
  ['97886', 'sr'], ['97887', 'da'], ['97888', 'it'], ['97889', 'ko'], ['97890', 'nl'], ['97891', 'sv'],
  ['97893', 'hi'], ['97894', 'nl'], ['97865', 'pt'],
  ['9780', 'en'], ['9781', 'en'], ['9782', 'fr'], ['9783', 'de'], ['9784', 'ja'], ['9785', 'ru'], ['9787', 'zh'],
  ['97910', 'fr'], ['97911', 'ko'], ['97912', 'it'], ['9798', 'en'],
];

export function languageOfIsbn(isbn13: string): string | null {
  for (const [prefix, language] of ISBN_GROUP_LANGUAGES) if (isbn13.startsWith(prefix)) return language;
  return null;
}
