import type { AnyNode, Element } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import { wordsOf } from './element-price-text.js';
import { namesEdition, type EditionIds } from './search-results.js';

/**
 * The item's options (sizes, volumes, bundles, formats) with their own prices: a `<select>` whose options show
 * prices, or a list of choices (radio buttons, `role="radio"`, `aria-checked`/`aria-selected`). The page's price is
 * the chosen option's when the page says which (`selected`, `checked`, `aria-checked="true"`, a "selected" class);
 * when it does not, the block that shows them has no price (a refusal), even when one option's text alone reads.
 */

const CHOICE_ROLES = new Set(['radio', 'option', 'menuitemradio']);
const CHOSEN_CLASSES = new Set(['selected', 'checked', 'active', 'current', 'chosen']);

/** The selected option of a select, to read; null when the page selects none (or several). */
export function optionsOfSelect(select: Element): Element[] | null {
  const options = DomUtils.getElementsByTagName('option', select.children, true, 200);
  const selected = options.filter((option) => option.attribs['selected'] !== undefined);
  return selected.length === 1 ? selected : null;
}

/** An amount with a currency sign or code beside it, or with two decimals: "$9.00", "12,90 €", "1 990 Ft", "12.50". */
const PRICE_LIKE = /\p{Sc}\s?\d|\d\s?(?:\p{Sc}|[A-Z]{3}(?![A-Za-z])|kr|zł|Ft|Kč|lei|руб|원|円|元)|\d[.,]\d\d(?!\d)/u;

/** Whether any of these options shows a price of its own (in its text: an option's price is shown in it). */
export function optionsShowPrices(options: readonly AnyNode[]): boolean {
  return options.some((option) => PRICE_LIKE.test(DomUtils.textContent(option).slice(0, 300)));
}

/** Whether an element is one choice of a list: a radio role, an aria state, or one radio button inside it. */
function isChoice(element: Element): boolean {
  const { attribs } = element;
  if (CHOICE_ROLES.has(attribs['role'] ?? '') || attribs['aria-checked'] !== undefined || attribs['aria-selected'] !== undefined) return true;
  return radiosIn(element, 3).length === 1;
}

export interface ChoiceGroup {
  choices: ReadonlySet<Element>;
  /** The one chosen choice; null when none or several are chosen. */
  chosen: Element | null;
}

/**
 * An element's children that are choices, two or more of them, and the chosen one; null for anything else. Choices
 * of a book's formats (hardcover, paperback, ebook…) are editions, each with its own ISBN: the one the page marks is
 * the edition's only when it names one of the edition's numbers (its ISBN, or its other barcode: `EditionIds`; in an
 * attribute or its text); without a number to go by, none is taken for chosen.
 */
export function choiceGroup(parent: AnyNode, edition: EditionIds): ChoiceGroup | null {
  if (!DomUtils.hasChildren(parent)) return null;
  const choices = new Set<Element>();
  for (const child of parent.children) if (DomUtils.isTag(child) && isChoice(child)) choices.add(child);
  if (choices.size < 2) return null;
  const all = [...choices];
  const named = all.filter((choice) => choiceNames(choice, edition));
  if (named.length === 1) return { choices, chosen: named[0] as Element };
  if (named.length > 1 || all.some((choice) => FORMAT.test(DomUtils.textContent(choice).slice(0, 200)))) return { choices, chosen: null };
  const chosen = all.filter(isChosen);
  return { choices, chosen: chosen.length === 1 ? (chosen[0] as Element) : null };
}

/** Words naming a book's format: such choices are editions. */
const FORMAT = new RegExp(
  String.raw`(?<![\p{L}])(?:hardcover|hardback|paperback|softcover|mass market|board book|e-?book|kindle|epub|audio ?book|audio cd|` +
    String.raw`hörbuch|taschenbuch|gebunden|gebundene ausgabe|broschiert|broché|poche|relié|livre numérique|tapa dura|tapa blanda|` +
    String.raw`bolsillo|rústica|rilegato|brossura|capa dura|brochura|gebonden|paperback|ingebonden|inbunden|häftad|pokkari)(?![\p{L}])`,
  'iu',
);

/** Whether a choice names one of the edition's numbers in one of its attributes or its text, hyphens or not. */
function choiceNames(choice: Element, edition: EditionIds): boolean {
  if (edition.isbn13 === null) return false;
  const found = DomUtils.findOne((element) => Object.values(element.attribs).some((value) => namesEdition(value, edition)), [choice], true);
  return found !== null || namesEdition(DomUtils.textContent(choice), edition);
}

function isChosen(choice: Element): boolean {
  const { attribs } = choice;
  if (attribs['aria-checked'] === 'true' || attribs['aria-selected'] === 'true') return true;
  if (radiosIn(choice, 3).some((radio) => radio.attribs['checked'] !== undefined)) return true;
  const classes = wordsOf(attribs['class'] ?? '');
  return classes.some((word) => CHOSEN_CLASSES.has(word)) && !classes.includes('not');
}

/** Radio inputs within `depth` levels of an element. */
function radiosIn(element: Element, depth: number): Element[] {
  if (element.name === 'input') return element.attribs['type']?.toLowerCase() === 'radio' ? [element] : [];
  if (depth === 0) return [];
  const radios: Element[] = [];
  for (const child of element.children) if (DomUtils.isTag(child)) radios.push(...radiosIn(child, depth - 1));
  return radios;
}
