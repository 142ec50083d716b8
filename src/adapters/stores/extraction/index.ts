export { extractPrice } from './extract-price.js';
export type { ExtractionConfig, ExtractionResult, ExtractionSource } from './types.js';
