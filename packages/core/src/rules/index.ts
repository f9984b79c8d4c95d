export * from './constants.ts';
export * from './duration.ts';
export * from './feature-gate.ts';
export * from './price.ts';
export * from './reverse-geocode.ts';
export * from './search-criteria.ts';
export * from './text.ts';
export * from './time-ago.ts';
