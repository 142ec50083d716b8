import * as cheerio from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import { LIMITS } from './limits.js';

/** The parts of a parsed HTML node this module reads (domhandler's nodes, seen structurally). */
export interface DomNode {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: readonly DomNode[];
  data?: string;
}

/** Parses the page once, at most LIMITS.domChars of it. */
export function loadDom(html: string): CheerioAPI {
  return cheerio.load(html.length > LIMITS.domChars ? html.slice(0, LIMITS.domChars) : html);
}

export function rootOf($: CheerioAPI): DomNode | undefined {
  return $.root().get(0);
}

const SKIPPED = new Set(['script', 'style', 'noscript', 'template']);

export function isSkipped(node: DomNode): boolean {
  return node.type === 'script' || node.type === 'style' || (node.name !== undefined && SKIPPED.has(node.name));
}

/** Text of an element, whitespace collapsed, stopping after LIMITS.textChars characters or 2,000 nodes. */
export function textContent(node: DomNode): string {
  const parts: string[] = [];
  let length = 0;
  let visited = 0;
  const stack: DomNode[] = [node];
  while (stack.length > 0 && length < LIMITS.textChars && visited < 2_000) {
    const current = stack.pop() as DomNode;
    visited++;
    if (current.type === 'text' && current.data !== undefined) {
      parts.push(current.data);
      length += current.data.length;
      continue;
    }
    if (current !== node && isSkipped(current)) continue;
    const children = current.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as DomNode);
  }
  return parts.join('').replace(/\s+/g, ' ').trim().slice(0, LIMITS.textChars);
}
