import { Parser } from 'htmlparser2';
import { PriceTextBuilder } from './element-price-text.js';
import { markupOf } from './markup.js';

/** One microdata property value: from an attribute (content, href, value…), a machine value; else the element's text. */
export interface Property {
  value: string;
  machine: boolean;
  /**
   * The text ran digits of two elements together with nothing between them on the page (`12<span>99</span> €`, see
   * element-price-text.ts): no price can be read from it, whatever a parser makes of `value` ("12 | 99 €").
   */
  split?: true;
}

/** An `itemscope` (or the document outside any), with the properties read in it, in document order. */
export interface Scope {
  props: Map<string, Property[]>;
  parent: Scope | null;
  /** The item's type, short and lower-case ("book", "itemlist"); empty outside any item. */
  type?: string;
  /** The properties by which the item is attached to its parent ("offers", "itemlistelement", "isrelatedto"). */
  attachedAs?: string[];
  /** The item's global identifier (`itemid`). */
  id?: string;
}

export interface TagScan {
  /** Every scope in document order; the first is the document outside any itemscope. */
  scopes: Scope[];
  /** `<meta property|name=… content=…>` values by lower-case key (keys with a colon), in document order, 20 per key. */
  meta: Map<string, string[]>;
}

const READ = new Set(['price', 'lowprice', 'highprice', 'pricecurrency', 'availability', 'itemcondition', 'isbn', 'gtin13', 'gtin', 'gtin14', 'url']);
const shortName = (name: string): string => name.replace(/^.*[/#]/, '').toLowerCase();
const SKIPPED = new Set(['script', 'style', 'noscript', 'template']);
const PER_NAME = 20;
const TEXT_NODES = 2_000;

interface OpenElement {
  /** The scope this element's children belong to. */
  scope: Scope;
  skipped: boolean;
  /** Properties waiting for this element's text. */
  capture: TextCapture | null;
}

interface TextCapture {
  properties: Property[];
  text: PriceTextBuilder;
  nodes: number;
}

/**
 * Microdata and meta tags in one streaming pass of htmlparser2's tokenizer, without building a DOM: the product
 * pages of most stores carry one of them, and the DOM was most of the CPU of reading such a page. The tokenizer reads
 * the page's markup only (markup.ts: no script, style or template bodies, no comments). Same rules as a DOM walk:
 * script, style, noscript and template subtrees hold no microdata (meta tags in a noscript count); an element with
 * `itemscope` opens a scope and its own `itemprop` is not read; a value comes from the attribute the HTML standard
 * names for the element (or `content`), else from the element's text read as a price text (element-price-text.ts:
 * `18<sup>09</sup>` is "18.09"), whitespace collapsed, at most LIMITS.textChars characters.
 */
export function scanTags(html: string): TagScan {
  const outside: Scope = { props: new Map(), parent: null };
  const scopes: Scope[] = [outside];
  const meta = new Map<string, string[]>();
  const stack: OpenElement[] = [];
  const captures: TextCapture[] = [];
  let skipDepth = 0;

  const current = (): Scope => stack.at(-1)?.scope ?? outside;

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'meta') readMeta(attribs, meta);
        for (const capture of captures) {
          capture.nodes++;
          capture.text.open(name, attribs);
        }
        const parentScope = current();
        const skipped = SKIPPED.has(name);
        if (skipDepth > 0 || skipped) {
          if (skipped) skipDepth++;
          stack.push({ scope: parentScope, skipped, capture: null });
          return;
        }
        const creates = 'itemscope' in attribs;
        let scope = parentScope;
        if (creates) {
          scope = { props: new Map(), parent: parentScope, type: shortName((attribs['itemtype'] ?? '').trim().split(/\s+/)[0] ?? '') };
          const attachedAs = attribs['itemprop']?.trim().split(/\s+/).map(shortName);
          if (attachedAs !== undefined) scope.attachedAs = attachedAs;
          if (attribs['itemid'] !== undefined) scope.id = attribs['itemid'];
          scopes.push(scope);
        }
        let capture: TextCapture | null = null;
        const itemprop = attribs['itemprop'];
        if (itemprop !== undefined && !creates) {
          const attribute = machineAttribute(name, attribs);
          const machine = attribute !== undefined && attribute.trim() !== '';
          for (const raw of itemprop.trim().split(/\s+/)) {
            const prop = shortName(raw);
            if (!READ.has(prop)) continue;
            const list = parentScope.props.get(prop) ?? [];
            if (list.length >= PER_NAME) continue;
            const property: Property = { value: machine ? (attribute as string) : '', machine };
            list.push(property);
            parentScope.props.set(prop, list);
            if (!machine) {
              capture ??= { properties: [], text: new PriceTextBuilder(), nodes: 0 };
              capture.properties.push(property);
            }
          }
          if (capture) captures.push(capture);
        }
        stack.push({ scope, skipped: false, capture });
      },
      ontext(text) {
        if (skipDepth > 0 || captures.length === 0) return;
        for (const capture of captures) {
          capture.nodes++;
          if (capture.nodes <= TEXT_NODES) capture.text.add(text);
        }
      },
      onclosetag() {
        const element = stack.pop();
        if (!element) return;
        if (element.skipped) skipDepth--;
        const capture = element.capture;
        if (capture) {
          captures.splice(captures.lastIndexOf(capture), 1);
          const text = capture.text.toString();
          const split = capture.text.split;
          for (const property of capture.properties) {
            property.value = text;
            if (split) property.split = true;
          }
        }
        for (const open of captures) open.text.close();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(markupOf(html));
  return { scopes, meta };
}

/** The microdata value attribute of an element (HTML Living Standard §microdata, plus `content` on any element). */
function machineAttribute(name: string, attribs: Record<string, string>): string | undefined {
  switch (name) {
    case 'meta':
      return attribs['content'];
    case 'link':
    case 'a':
    case 'area':
      return attribs['href'] ?? attribs['content'];
    case 'data':
    case 'meter':
      return attribs['value'];
    case 'time':
      return attribs['datetime'];
    default:
      return attribs['content'];
  }
}

function readMeta(attribs: Record<string, string>, meta: Map<string, string[]>): void {
  if (attribs['property'] === undefined && attribs['name'] === undefined) return;
  const key = (attribs['property'] ?? attribs['name'] ?? '').trim().toLowerCase();
  const content = attribs['content'];
  if (!key.includes(':') || content === undefined) return;
  const list = meta.get(key) ?? [];
  if (list.length < PER_NAME) list.push(content);
  meta.set(key, list);
}
