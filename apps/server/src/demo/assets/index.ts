export * from './illustrations.ts';
export * from './market-data.ts';
export * from './pdf.ts';
export { createRng, hashString, mulberry32, type Rng } from './random.ts';
