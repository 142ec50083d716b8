import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectBlockedPage } from '../../../../../src/adapters/stores/extraction/blocked-page.js';

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/store-pages/${name}`, import.meta.url), 'utf8');

describe('detectBlockedPage: bot walls', () => {
  it.each([
    ['blocked-amazon-robot-check.html', /Amazon robot check/],
    ['blocked-cloudflare-challenge.html', /Cloudflare challenge/],
    ['blocked-cloudflare-attention-required.html', /Cloudflare/],
    ['blocked-datadome.html', /DataDome/],
    ['blocked-perimeterx.html', /PerimeterX/],
    ['blocked-incapsula.html', /Incapsula/],
    ['blocked-distil.html', /Distil/],
    ['blocked-akamai.html', /Akamai/],
    ['blocked-aws-waf.html', /AWS WAF/],
    ['blocked-google-sorry.html', /unusual traffic/],
    ['blocked-robot-question-de.html', /kein Roboter/],
    ['blocked-captcha-widget-only.html', /captcha page/],
  ])('%s', (name, why) => {
    expect(detectBlockedPage(fixture(name))).toMatch(why);
  });

  it('Amazon\'s English captcha wording alone', () => {
    expect(detectBlockedPage('<html><body><h4>Enter the characters you see below</h4></body></html>')).toMatch(/Amazon/);
    expect(detectBlockedPage('<html><head><title>Robot Check</title></head><body></body></html>')).toMatch(/Amazon/);
  });

  it('robot questions in several languages, on a page without product data', () => {
    for (const question of [
      'Are you a robot?',
      'Please verify you are a human',
      'Êtes-vous un robot ?',
      '&Ecirc;tes-vous un robot ?',
      '¿Eres un robot?',
      'Sei un robot?',
      'Bent u een robot?',
      'Czy jesteś robotem?',
      'Você é um robô?',
    ]) {
      expect(detectBlockedPage(`<html><body><h1>${question}</h1><form><input name="c"></form></body></html>`), question).not.toBeNull();
    }
  });

  it('Akamai needs all three parts of its page: "Access Denied" alone is ordinary wording', () => {
    expect(detectBlockedPage('<html><head><title>Access Denied</title></head><body><h1>Access Denied</h1><p>Please sign in.</p></body></html>')).toBeNull();
  });

  it('a signature deep inside a huge page is not searched for (block pages are small)', () => {
    const html = `<html><body>${'<p>text</p>'.repeat(20_000)}<div id="px-captcha"></div></body></html>`;
    expect(detectBlockedPage(html)).toBeNull();
  });
});

describe('detectBlockedPage: ordinary product pages', () => {
  it('a product page with a newsletter reCAPTCHA and a login captcha', () => {
    expect(detectBlockedPage(fixture('blocked-negative-newsletter-recaptcha.html'))).toBeNull();
  });

  it('a page without structured data whose scripts mention captcha and load bot-protection client scripts', () => {
    expect(detectBlockedPage(fixture('blocked-negative-captcha-in-scripts.html'))).toBeNull();
  });

  it('a book called "Are You a Robot?"', () => {
    expect(detectBlockedPage(fixture('blocked-negative-robot-book.html'))).toBeNull();
  });

  it('the existing product fixtures', () => {
    for (const name of ['jsonld-book-offer.html', 'microdata-text.html', 'selectors-only.html', 'no-price.html', 'opengraph-meta.html']) {
      expect(detectBlockedPage(fixture(name)), name).toBeNull();
    }
  });

  it('a robot question on a large page is ordinary text (walls without a vendor marker are small)', () => {
    const html = `<html><body><h1>Are you a robot?</h1>${'<p>Essays on machines and minds.</p>'.repeat(8_000)}</body></html>`;
    expect(html.length).toBeGreaterThan(200_000);
    expect(detectBlockedPage(html)).toBeNull();
  });

  it('Cloudflare\'s bot-management script alone is on ordinary pages', () => {
    const html = '<html><head><title>Book</title></head><body><h1>Book</h1><script>var s="/cdn-cgi/challenge-platform/scripts/jsd/main.js"</script></body></html>';
    expect(detectBlockedPage(html)).toBeNull();
  });
});

describe('detectBlockedPage: bounded work (its speed is measured by npm run bench:extraction)', () => {
  it('reads only the top of a large page: a wall marker 3 MB down is not looked for, one near the top is', () => {
    const tile = '<div class="tile"><a href="/b/1">Book</a> <span class="price">12,99 €</span><script>var captcha = 1;</script></div>\n';
    const body = tile.repeat(Math.ceil(3_000_000 / tile.length));
    const marker = '<iframe src="https://geo.captcha-delivery.com/captcha/?initialCid=x"></iframe>';
    expect(detectBlockedPage(`<html><head><title>Shop</title></head><body>${body}</body></html>`)).toBeNull();
    expect(detectBlockedPage(`<html><head><title>Shop</title></head><body>${body}${marker}</body></html>`)).toBeNull();
    expect(detectBlockedPage(`<html><head><title>Shop</title></head><body>${marker}${body}</body></html>`)).toMatch(/DataDome/);
  });
});
