// One view for every collection `{data, _links}`: it renders the items and moves only by following
// `_links.*.href`. A page gives it an entry URL once; it never builds a cursor or a page URL itself.
import { api, type Links, type Page } from './api.js';
import { el, replaceChildren } from './dom.js';
import type { ErrorDisplay } from './error-display.js';

/**
 * Given to a row renderer: `keep(row, true)` when the reader is in the middle of something in that row (a form open,
 * a confirmation, a test waiting), `keep(row, false)` when done. Only the row kept is let go: a row drawn afresh
 * meanwhile (after its own change) may be kept by now.
 */
export type KeepRow = (row: Node, kept: boolean) => void;

export interface CollectionOptions<T> {
  /** Names the list for assistive technology ("Books"). */
  label: string;
  /** Draws one item; `keep` does nothing unless `keyOf` is given. */
  renderItem: (item: T, keep: KeepRow) => Node;
  /**
   * Names an item across pages and re-reads. With it, a row kept (see `KeepRow`) is shown again as it is when the list
   * is drawn again and still lists its item — the reader's draft, open confirmation and focus kept — instead of afresh.
   */
  keyOf?: (item: T) => number | string;
  /** A function when the text depends on the entry URL (a filter shows its own "nothing here"). */
  emptyText: string | (() => string);
  /** Orders one page's items before they are shown (the API's order otherwise). */
  arrange?: (items: readonly T[]) => T[];
  errors: ErrorDisplay;
  /** Called with each page shown (e.g. to count or to select the first item). */
  onPage?: (page: Page<T>) => void;
  /**
   * Loads what the items name (their books, authors, prices) for the whole page before it is shown, so rows are drawn
   * once, complete, without one request per row. Its failure is the page's to show; the items are shown anyway.
   */
  prepare?: (page: Page<T>) => Promise<void>;
  /** Items with the same group follow one heading (`<h2>`), e.g. alerts by day; consecutive items only. */
  groupOf?: (item: T) => string;
}

/** The `keep` of a view without `keyOf`: its rows are always drawn afresh. */
const KEEP_NOTHING: KeepRow = () => {};

const RELATIONS = [
  ['first', 'First'],
  ['prev', 'Previous'],
  ['next', 'Next'],
  ['last', 'Last'],
] as const;

export class CollectionView<T> {
  private readonly list: HTMLUListElement;
  private readonly empty: HTMLParagraphElement;
  private readonly buttons = new Map<keyof Links, HTMLButtonElement>();
  private links: Links | null = null;
  private shown: T[] = [];
  private request = 0;
  private readonly kept = new Map<number | string, Node>();

  constructor(private readonly root: HTMLElement, private readonly options: CollectionOptions<T>) {
    root.classList.add('collection');
    this.list = el('ul', { class: 'items', 'aria-label': options.label });
    // The style sheet reserves the list's height from the first paint (`--rows` rows of `--row-height`, set per list and
    // per viewport, with the pager), before this script runs; the placeholder rows only draw that space as rows.
    for (let i = 0; i < reservedRows(root); i++) this.list.appendChild(el('li', { class: 'item skeleton', 'aria-hidden': 'true' }, '\u00a0'));
    this.empty = el('p', { class: 'empty', hidden: true });
    const pager = el('nav', { class: 'pager', 'aria-label': `${options.label}: pages` });
    for (const [rel, text] of RELATIONS) {
      const button = el('button', { type: 'button', 'data-rel': rel, disabled: true }, text);
      button.addEventListener('click', () => this.follow(rel));
      this.buttons.set(rel, button);
      pager.appendChild(button);
    }
    replaceChildren(root, this.list, this.empty, pager);
    root.setAttribute('aria-busy', 'true');
  }

  /** Shows the collection from its entry URL (the only URL a page builds). */
  show(entryUrl: string): Promise<void> {
    return this.load(entryUrl);
  }

  /** The items of the page shown, in the order shown (empty before the first page). */
  get items(): readonly T[] {
    return this.shown;
  }

  /** Shows the current page again (after a change). */
  reload(): Promise<void> {
    return this.links ? this.load(this.links.self.href) : Promise.resolve();
  }

  private follow(rel: keyof Links): void {
    const href = this.links?.[rel]?.href;
    if (href) void this.load(href, rel);
  }

  private async load(url: string, movedBy?: keyof Links): Promise<void> {
    const request = ++this.request;
    this.root.setAttribute('aria-busy', 'true');
    try {
      const page = await api<Page<T>>('GET', url);
      if (request !== this.request) return; // a later click won
      if (this.options.prepare) {
        try {
          await this.options.prepare(page);
        } catch (error) {
          this.options.errors.show(error, `Loading ${this.options.label.toLowerCase()}`);
        }
        if (request !== this.request) return;
      }
      this.render(page, movedBy);
    } catch (error) {
      if (request === this.request) this.options.errors.show(error, `Loading ${this.options.label.toLowerCase()}`);
    } finally {
      if (request === this.request) {
        this.root.setAttribute('aria-busy', 'false');
        // The reserved height has served: from now on the list is as tall as its rows.
        this.root.classList.add('shown');
      }
    }
  }

  private render(page: Page<T>, movedBy?: keyof Links): void {
    // A kept row drawn again keeps the focus it had: noted before the rows are built, as moving that row into its
    // new item already takes the focus away.
    const focused = document.activeElement instanceof HTMLElement && this.list.contains(document.activeElement) ? document.activeElement : null;
    this.links = page._links;
    const items = this.options.arrange ? this.options.arrange(page.data) : page.data;
    this.shown = [...items];
    const rows: HTMLLIElement[] = [];
    let group: string | null = null;
    for (const item of items) {
      const itemGroup = this.options.groupOf?.(item) ?? null;
      if (itemGroup !== null && itemGroup !== group) rows.push(el('li', { class: 'group' }, el('h2', { class: 'group-heading' }, itemGroup)));
      group = itemGroup;
      rows.push(el('li', { class: 'item' }, this.row(item)));
    }
    replaceChildren(this.list, ...rows);
    if (focused?.isConnected) focused.focus({ preventScroll: true });
    const { emptyText } = this.options;
    this.empty.textContent = typeof emptyText === 'function' ? emptyText() : emptyText;
    this.empty.hidden = page.data.length > 0;
    // At the first page (no `prev`) "First" goes nowhere new; at the last (no `next`) neither does "Last".
    const links = page._links;
    this.buttons.get('first')!.disabled = !links.prev;
    this.buttons.get('prev')!.disabled = !links.prev;
    this.buttons.get('next')!.disabled = !links.next;
    this.buttons.get('last')!.disabled = !links.next;
    // Keyboard users keep their place: if the pressed button is now disabled, focus its enabled neighbour.
    if (movedBy) {
      const pressed = this.buttons.get(movedBy)!;
      const fallback = [...this.buttons.values()].find((b) => !b.disabled);
      (pressed.disabled ? fallback : pressed)?.focus();
    }
    this.options.onPage?.(page);
  }

  /** The item's kept row, else one drawn afresh. */
  private row(item: T): Node {
    const key = this.options.keyOf?.(item);
    if (key === undefined) return this.options.renderItem(item, KEEP_NOTHING);
    return (
      this.kept.get(key) ??
      this.options.renderItem(item, (row, kept) => {
        if (kept) this.kept.set(key, row);
        else if (this.kept.get(key) === row) this.kept.delete(key);
      })
    );
  }
}

/** How many rows the style sheet reserves for this list (`--rows`; 3 when it says nothing). */
function reservedRows(root: HTMLElement): number {
  const rows = Number.parseInt(getComputedStyle(root).getPropertyValue('--rows'), 10);
  return Number.isInteger(rows) && rows > 0 ? Math.min(rows, 100) : 3;
}
