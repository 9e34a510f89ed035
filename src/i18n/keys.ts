import type source from '../../locales/en-US.json';

/** Every text's key in a catalogue shaped like `T`, its path joined with dots ("lobby.title"). */
type Leaves<T, Path extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Path}${K}` : Leaves<T[K], `${Path}${K}.`>;
}[keyof T & string];

type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** A key as asked with `count`: "chips" for chips_one and chips_other. */
type PluralBase<K> = K extends `${infer Base}_${PluralForm}` ? Base : never;
/** A key as asked with `context` (and maybe `count`): "pay.reason" for pay.reason_win. Only a key's last part holds "_". */
type ContextBase<K> = K extends `${infer Base}_${string}` ? Base : never;

type Written = Leaves<typeof source>;

/**
 * The catalogues' keys, typed from the source's (locales/en-US.json, which every catalogue
 * matches: test/i18n/catalogue.test.ts): `t` takes only these, so a key no catalogue has fails
 * the type check. A plural or context key goes also by its base, as i18next asks it.
 */
export type TextKey = Written | PluralBase<Written> | ContextBase<Written>;

/** The keys under `prefix`, without it: `KeyUnder<'picture'>` is "cards" for "picture.cards". */
export type KeyUnder<Prefix extends string, K = TextKey> = K extends `${Prefix}.${infer Rest}` ? Rest : never;
