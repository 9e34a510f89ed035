/**
 * The sources run two ways: as TypeScript (tests, and any tsx run) and compiled to
 * JavaScript (bin/build.js: what `npm start` and every `guts` command run). A module
 * named at run time, a thread's module or a folder of commands or migrations, is
 * found with the extension this copy of the code has.
 */
export const MODULE_EXT = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

/** The module `path` (written without its extension) relative to `base`. */
export const moduleUrl = (path: string, base: string | URL): URL => new URL(`${path}${MODULE_EXT}`, base);

/** A module file of this copy of the code (not a type declaration or anything else in the folder). */
export const isModuleFile = (file: string): boolean => file.endsWith(MODULE_EXT) && !file.endsWith('.d.ts');

/** `file` without its module extension. */
export const moduleName = (file: string): string => file.slice(0, -MODULE_EXT.length);

/** Node's arguments to run a module of this copy of the code in a process of its own. */
export const LOADER_ARGS: readonly string[] = MODULE_EXT === '.ts' ? ['--import', 'tsx'] : [];
