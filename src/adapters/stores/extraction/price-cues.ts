import type { NameRole } from './price-names.js';

/**
 * What the words in and around a price element say it is, when its names do not: "Free shipping over €20",
 * "statt 25 €", "3,62 € / kg", "1 kg = 12,50 €", "4 x 4,50 €", "or 4 payments of", "You save 5 €", "Member price",
 * "+ 0,25 € Pfand", "(+ 2,00 €)". Text before the element counts only when it ends right at the element
 * ("Versandkostenfrei ab" + price), text after only when it starts right there ("/ Monat", " Versand"): "zzgl.
 * Versand" after the item's price says nothing against it.
 */

const SHIPPING = String.raw`(?:shipping|delivery|postage|versand\w*|lieferung|livraison|frais de port|env[ií]o\w*|spedizion\w*|verzend\w*|porto)`;
const MONTH = String.raw`(?:mo|mon|month|monat|mtl|mois|mes|mese|maand)`;
const UNIT = String.raw`(?:\d+(?:[.,]\d+)?\s*)?(?:kg|g|mg|l|ml|cl|lb|oz|fl\.? oz|m²|m2|m|st(?:k|ück)?|pcs?|piece|pièce|unit|einheit|page|seite|pack|count|ct|each|item|sheet)\b`;
const OLD = String.raw`(?:statt|was\b|uvp|rrp|msrp|list price|listenpreis|regular price|original price|compare at|au lieu de|prix conseillé|prix public conseillé|avant\b|antes|invece di|vorher|bisher|früher|previously|precio recomendado|precio anterior|prezzo consigliato|adviesprijs|定價|定价|原價|原价|建議售價|希望小売価格|参考価格|通常価格|정가)`;
const MEMBER = String.raw`(?:members?'? ?price|club price|loyalty price|with (?:your |a )?card|mitgliederpreis|clubpreis|für mitglieder|prix (?:adhérent|membre|fidélité)|precio (?:socio|miembro)|prezzo soci|ledenprijs|medlemspris|會員價|会员价|会員価格|회원가)`;
const DEPOSIT = String.raw`(?:deposit|pfand|consigne|statiegeld)`;

const CUES_IN_TEXT: ReadonlyArray<readonly [NameRole, RegExp]> = [
  // A shipping word before the amount: the price of shipping, or a threshold for free shipping.
  ['shipping', new RegExp(String.raw`${SHIPPING}[^\d]*\d`, 'i')],
  ['saving', /^\s*(?:[-−–]\s*\p{Sc}?\s*\d|save\b|you save|sie sparen|du sparst|ersparnis|économisez|economisez|ahorra|risparmi|bespaar)/iu],
  ['old', new RegExp(String.raw`^\s*${OLD}`, 'i')],
  // "+ 3,95 € Versand", "(+ 2,00 €)": an amount added to the price, never the price.
  ['surcharge', /(?:^|[\s(（])\+\s*\p{Sc}?\s*\d/u],
  ['member', new RegExp(MEMBER, 'i')],
  // "Pfand 0,25 €", "0,25 € Pfand" (not "1,29 € inkl. Pfand": the price, its deposit included).
  ['deposit', new RegExp(String.raw`^\s*${DEPOSIT}|\d\D{0,4}${DEPOSIT}`, 'i')],
  // "1 kg = 12,50 €": the price of a unit.
  ['unit', new RegExp(String.raw`^\s*${UNIT}\s*=`, 'i')],
  ['instalment', new RegExp(String.raw`\b\d+\s*[x×]\s*(?:\d|\p{Sc})|(?:\/|\bper\s|\ba\s|\bpro\s|\bal\s|\bpar\s)\s*${MONTH}\b|\bmonthly\b|monatlich|mensualit|instal?l?ments?|\braten\b|\bfinanc`, 'iu')],
  ['unit', new RegExp(String.raw`\d\D{0,12}(?:\/|\bper\b|\bpro\b|\bje\b|\bpar\b|\bau\b)\s*${UNIT}|grundpreis|unit price|prix au (?:kg|litre)|precio por`, 'i')],
  // "(3,62 € / kg)", "($6.24 / Pack)": a price in parentheses is an aside to the price beside it.
  ['unit', /^\s*\(.*\d.*\)\s*$/],
];

const CUES_BEFORE: ReadonlyArray<readonly [NameRole, RegExp]> = [
  ['shipping', new RegExp(String.raw`${SHIPPING}[^.!?|\d]{0,40}(?:\b(?:ab|from|over|above|über|uber|dès|des|à partir de|a partir de|desde|da|vanaf|orders?)|:)\s*$`, 'i')],
  ['shipping', new RegExp(String.raw`${SHIPPING}\s*(?:costs?|kosten|fees?|frais)?\s*:?\s*$`, 'i')],
  ['saving', /(?:save|you save|sie sparen|du sparst|ersparnis|économisez|economisez|ahorra|risparmi|bespaar)\s*:?\s*$/i],
  ['old', new RegExp(String.raw`(?:${OLD}|\binstead of|\bvan)\s*[:：]?\s*$`, 'i')],
  ['member', new RegExp(String.raw`${MEMBER}\s*[:：]?\s*$`, 'i')],
  ['deposit', new RegExp(String.raw`${DEPOSIT}\s*[:：]?\s*$`, 'i')],
  ['surcharge', /\(?\s*\+\s*$/],
  ['unit', new RegExp(String.raw`${UNIT}\s*=\s*$`, 'i')],
  ['instalment', /(?:payments? of|\b\d+\s*[x×]|raten (?:à|a|zu|von)|monatlich|mtl\.?|mensualités? de|cuotas de|rate da)\s*:?\s*$/i],
  ['unit', /(?:grundpreis|unit price|prix au (?:kg|litre)|precio por (?:kg|litro))\s*:?\s*$/i],
];

const CUES_AFTER: ReadonlyArray<readonly [NameRole, RegExp]> = [
  // "3,95 € Versand", "€4.99 shipping": the word names the amount (not "… Versand in 2 Tagen", not "versandkostenfrei").
  ['shipping', new RegExp(String.raw`^\s*(?!\S*(?:frei|free|gratuit|gratis|kostenlos))${SHIPPING}\s*(?:costs?|kosten|fees?)?\s*(?:$|[.,;)|])`, 'i')],
  ['deposit', new RegExp(String.raw`^\s*${DEPOSIT}`, 'i')],
  ['instalment', new RegExp(String.raw`^\s*(?:\/\s*${MONTH}\b|(?:per|a|pro|par|al)\s+${MONTH}\b|monthly|monatlich|mtl\b)`, 'i')],
  ['unit', new RegExp(String.raw`^\s*(?:\/|per\b|pro\b|je\b|par\b|au\b)\s*${UNIT}`, 'i')],
];

/** Why the words make a price element something else than the item's price, or null. */
export function cueOf(text: string, before: string, after: string): NameRole | null {
  for (const [role, cue] of CUES_IN_TEXT) if (cue.test(text)) return role;
  for (const [role, cue] of CUES_BEFORE) if (cue.test(before)) return role;
  for (const [role, cue] of CUES_AFTER) if (cue.test(after)) return role;
  return null;
}
