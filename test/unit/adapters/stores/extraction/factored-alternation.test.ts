// One factored pattern for "does any of these occur" (the platform and robot-check screens): it must say yes exactly
// where one of the patterns matches.
import { describe, expect, it } from 'vitest';
import { factoredAlternation } from '../../../../../src/adapters/stores/extraction/factored-alternation.js';
import { bigCommerce } from '../../../../../src/adapters/stores/extraction/platforms/bigcommerce.js';
import { lightspeed } from '../../../../../src/adapters/stores/extraction/platforms/lightspeed.js';
import { magento } from '../../../../../src/adapters/stores/extraction/platforms/magento.js';
import { prestaShop } from '../../../../../src/adapters/stores/extraction/platforms/prestashop.js';
import { salesforceCommerce } from '../../../../../src/adapters/stores/extraction/platforms/salesforce-commerce.js';
import { shopify } from '../../../../../src/adapters/stores/extraction/platforms/shopify.js';
import { shopware } from '../../../../../src/adapters/stores/extraction/platforms/shopware.js';
import { vtex } from '../../../../../src/adapters/stores/extraction/platforms/vtex.js';
import { wooCommerce } from '../../../../../src/adapters/stores/extraction/platforms/woocommerce.js';

const anyOf = (patterns: readonly RegExp[], text: string): boolean => patterns.some((pattern) => pattern.test(text));

describe('factoredAlternation', () => {
  it('factors shared starts and drops what an alternative already covers', () => {
    expect(factoredAlternation(['data-mage-init|data-stencil', 'vtex|vteximg', 'Shopify\\.theme|shopify-section'])).toBe(
      '(?:data-(?:mage-init|stencil)|vtex|shopify(?:\\.theme|-section))',
    );
  });

  it('the platform fingerprints: the factored pattern matches where one of them does', () => {
    const fingerprints = [magento, shopify, wooCommerce, prestaShop, shopware, bigCommerce, salesforceCommerce, vtex, lightspeed].map((reader) => reader.fingerprint);
    const screen = new RegExp(factoredAlternation(fingerprints.map((fingerprint) => fingerprint.source)), 'i');
    const texts = [
      '<div data-mage-init=\'{}\'>', 'x-magento-init', 'MAGENTO_Catalog', 'mage/cookies', '/static/version1712/', '/static/version/',
      'cdn.shopify.com', 'cdnXshopify.com', 'Shopify.theme', 'ShopifyAnalytics', 'class="shopify-section"', 'WooCommerce',
      'prestashop', 'is-ctl-product', 'shopware', 'data-theme-base', `/theme/${'a'.repeat(32)}/`, `/theme/${'a'.repeat(31)}/`,
      'bigcommerce.com', 'stencil-utils', 'data-stencil', 'demandware', 'dwanalytics', '/on/demandware.static/', 'VTEX',
      'vteximg', 'webshopapp.com', 'lightspeed', 'seoshop', 'shop', 'magenta', 'data-theme', 'a plain page', '',
    ];
    for (const text of texts) expect(screen.test(text), text).toBe(anyOf(fingerprints, text));
  });

  it('keeps groups, classes, quantifiers and escapes whole', () => {
    const patterns = [/<title[^>]*>\s*(?:Just a moment\.\.\.|Attention Required! \| Cloudflare)\s*<\/title>/i, /<title[^>]*>\s*Robot Check/i, /id=["']?px-captcha|Press\s*(?:&amp;|&)\s*Hold/i];
    const screen = new RegExp(factoredAlternation(patterns.map((pattern) => pattern.source)), 'i');
    const texts = [
      '<title>Just a moment...</title>', '<title lang="en"> Attention Required! | Cloudflare </title>', '<title>Just a moment</title>',
      '<TITLE>robot check</TITLE>', '<title>Robot</title>', 'id="px-captcha"', 'id=px-captcha', 'Press &amp; Hold', 'Press & Hold', 'Press and Hold',
    ];
    for (const text of texts) expect(screen.test(text), text).toBe(anyOf(patterns, text));
  });

  it('leaves patterns with capturing groups or long escapes unfactored', () => {
    expect(factoredAlternation(['(a)b', 'ac'])).toBe('(?:(a)b)|(?:ac)');
    expect(factoredAlternation(['\\x41b', 'ac'])).toBe('(?:\\x41b)|(?:ac)');
  });
});
