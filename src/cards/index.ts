export * from './card.ts';
export * from './deck.ts';
export * from './rng.ts';
