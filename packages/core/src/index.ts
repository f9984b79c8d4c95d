export * from './contract/index.ts';
export * from './rules/index.ts';
export type * from './web-config.ts';
