export { explainPrice, extractPrice } from './extract-price.js';
export type { ExtractionConfig, ExtractionReport, ExtractionResult, ExtractionSource } from './types.js';
