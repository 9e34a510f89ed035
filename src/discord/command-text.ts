import { has, type KeyUnder, SOURCE_LOCALE, t, translations } from '../i18n/index.ts';

/** A command, subcommand or option by its path in the catalogue's `commands` section: "guts start variant". */
export type CommandPath =
  KeyUnder<'commands'> extends infer K ? (K extends `${infer Path}.name` ? Path : never) : never;

/**
 * A command's names, descriptions and choices from the catalogue's `commands` section
 * (keyed by the command's path, "guts start variant"), with a localization for every
 * locale whose catalogue says it differently: a new catalogue is picked up by itself.
 */

interface Nameable {
  setName(name: string): unknown;
  setNameLocalizations(l: Record<string, string>): unknown;
  setDescription(d: string): unknown;
  setDescriptionLocalizations(l: Record<string, string>): unknown;
}

/** Names `builder` as the catalogue says `path`; its description comes from `descriptionKey` (default: the path's own). */
export function named<B extends Nameable>(
  builder: B,
  path: CommandPath,
  descriptionKey: string = `commands.${path}.description`,
): B {
  // An option's description may be its `option.*.about`: registering a missing one would show its key.
  if (!has(descriptionKey)) throw new Error(`the catalogue has no description for the command ${path}`);
  const nameKey = `commands.${path}.name` as const;
  builder.setName(t(SOURCE_LOCALE, nameKey));
  builder.setNameLocalizations(translations(nameKey));
  builder.setDescription(t(SOURCE_LOCALE, descriptionKey));
  builder.setDescriptionLocalizations(translations(descriptionKey));
  return builder;
}

/** A choice whose name the catalogue gives under `key`, in every language it speaks. */
export function choice<V extends string | number>(key: string, value: V) {
  // Keys put together from an option's choices: registering a choice the catalogue lacks would name it by its key.
  if (!has(key)) throw new Error(`the catalogue has no text for the command choice ${key}`);
  return { name: t(SOURCE_LOCALE, key), name_localizations: translations(key), value };
}
