import { factoredAlternation } from './factored-alternation.js';

/**
 * Recognising a robot check (captcha, bot wall, WAF block page) served instead of the store's page. Blocked pages
 * are small and say what they are near the top, so only a prefix of the page is read; regexes only, no DOM.
 */

/** How much of a page is searched for signatures: block pages are a few KB, their markers near the top. */
const PREFIX_CHARS = 64_000;
/**
 * Walls without a vendor marker (a robot question, a bare captcha widget) are a few KB; a page longer than this is a
 * real page, whatever it says or carries. Also keeps the costlier checks off the multi-megabyte pages.
 */
const SMALL_PAGE_CHARS = 200_000;
/** Visible characters below which a page with a captcha widget and no product data is a wall. */
const LITTLE_TEXT = 1_500;

/** Markers that only bot walls carry: blocked regardless of what else the page has. */
const VENDOR_SIGNATURES: ReadonlyArray<readonly [RegExp, string]> = [
  [/<title[^>]*>\s*Robot Check\s*<\/title>|action=["']?[^"'>\s]*\/errors\/validateCaptcha|Type the characters you see in this image|Enter the characters you see below/i, 'Amazon robot check (captcha)'],
  [/cf_chl_opt|cf-browser-verification|__cf_chl_(?:f_tk|tk|rt_tk|jschl_tk|captcha_tk)|\/cdn-cgi\/challenge-platform\/h\/[a-z]\/orchestrate|<form[^>]+id=["']?challenge-form/i, 'Cloudflare challenge'],
  [/<title[^>]*>\s*(?:Just a moment\.\.\.|Just a moment…|Attention Required! \| Cloudflare)\s*<\/title>/i, 'Cloudflare challenge'],
  [/captcha-delivery\.com/i, 'DataDome captcha'],
  [/id=["']?px-captcha|Press\s*(?:&amp;|&)\s*Hold to confirm you are/i, 'PerimeterX (HUMAN) press-and-hold check'],
  [/Incapsula incident ID|<iframe[^>]+src=["'][^"']*\/_Incapsula_Resource\?/i, 'Imperva Incapsula block page'],
  [/<title[^>]*>\s*Pardon Our Interruption/i, 'Distil Networks bot wall'],
  [/awsWafCookieDomainList|window\.gokuProps\s*=|AwsWafCaptcha\.renderCaptcha/, 'AWS WAF challenge'],
  [/Our systems have detected unusual traffic from your computer network/i, 'Google "unusual traffic" page'],
];

/** Akamai's block page: all three parts (each alone is common wording). */
const AKAMAI_PARTS = [
  /<title[^>]*>\s*Access Denied\s*<\/title>|<h1[^>]*>\s*Access Denied\s*<\/h1>/i,
  /You don(?:'|’|&#39;|&#x27;|&apos;)t have permission to access/i,
  /Reference(?:\s|&#32;)+(?:#|&#35;)/i,
];

/**
 * Whether any vendor marker, or the first part of Akamai's page, may be in the prefix: all of them as one
 * case-insensitive pattern, shared starts factored. Most pages have none, and one pass then spares the ten.
 */
const ANY_WALL = new RegExp(factoredAlternation([...VENDOR_SIGNATURES.map(([signature]) => signature.source), (AKAMAI_PARTS[0] as RegExp).source]), 'i');

/**
 * A human-verification question. A book may well be called "Are You a Robot?", so these count only on a small page
 * without product data — which a real wall never has.
 */
const ROBOT_QUESTION = new RegExp(
  [
    String.raw`are you (?:a )?(?:robot|human)\b`,
    String.raw`verify (?:that )?you(?:'re| are) (?:a )?human`,
    String.raw`confirm (?:that )?you(?:'re|’re| are) (?:a )?human`,
    String.raw`prove (?:that )?you(?:'re| are) (?:a )?human`,
    String.raw`make sure you(?:'re|’re| are) not a robot`,
    String.raw`verify (?:that )?you(?:'re|’re| are) not a robot`,
    String.raw`Access to this page has been denied`,
    String.raw`Please enable JS and disable any ad blocker`,
    String.raw`unusual (?:traffic|activity) from your (?:computer )?network`,
    String.raw`dass Sie kein(?:e)? Roboter sind`,
    String.raw`Sind Sie ein Roboter`,
    String.raw`(?:[êÊeE]|&ecirc;|&Ecirc;)tes[- ]vous un robot`,
    String.raw`\beres un robot`,
    String.raw`\bsei un robot`,
    String.raw`(?:Bent u|Ben je) een robot`,
    String.raw`Czy jesteś robotem`,
    String.raw`Você é um robô`,
    String.raw`ロボットではありません`,
    String.raw`Вы (?:не )?робот`,
  ].join('|'),
  'i',
);

/** Captcha widgets and wording that many product pages carry too (a newsletter or login form). */
const WEAK_SIGNATURE = /captcha|cf-turnstile|challenges\.cloudflare\.com\/turnstile/i;

/** Product data: a page with it is a product page, whatever widget it also carries. */
const PRODUCT_DATA = /application\/ld\+json|itemprop\s*=\s*["']?(?:price|offers|lowprice)\b|(?:product|og):price:amount/i;

/**
 * Whether a page is a robot check rather than the store's page: null, or why (which wall). Vendor markers found
 * only on bot walls (Amazon's captcha form, Cloudflare's challenge, DataDome, PerimeterX, Incapsula, Distil,
 * Akamai's block page, AWS WAF, Google's "unusual traffic") decide alone; a robot question ("Are you a robot?",
 * "Bitte bestätigen Sie, dass Sie kein Roboter sind") needs a small page without product data; a captcha widget or
 * the word "captcha" needs a small page without product data and with little visible text.
 */
export function detectBlockedPage(html: string): string | null {
  const prefix = html.length > PREFIX_CHARS ? html.slice(0, PREFIX_CHARS) : html;
  if (ANY_WALL.test(prefix)) {
    for (const [signature, wall] of VENDOR_SIGNATURES) {
      if (signature.test(prefix)) return wall;
    }
    if (AKAMAI_PARTS.every((part) => part.test(prefix))) return 'Akamai "Access Denied" block page';
  }

  if (html.length > SMALL_PAGE_CHARS) return null;
  const question = ROBOT_QUESTION.exec(prefix);
  if (question !== null && !PRODUCT_DATA.test(html)) return `a robot check ("${question[0]}")`;
  if (WEAK_SIGNATURE.test(prefix) && !PRODUCT_DATA.test(html) && visibleTextLength(html) < LITTLE_TEXT) {
    return 'a captcha page (a captcha and no product on it)';
  }
  return null;
}


/** Characters of text a reader would see: without tags, scripts, styles and comments. */
function visibleTextLength(html: string): number {
  return html
    .replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[#\w]+;/g, 'x')
    .replace(/\s+/g, '').length;
}
