import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** The parts of @napi-rs/canvas the renderers use. */
export type CanvasModule = typeof import('@napi-rs/canvas');
export type Context = import('@napi-rs/canvas').SKRSContext2D;

/** Font families registered from `assets/fonts`; never a system font, so pictures look the same on every host. */
export const FONT_REGULAR = 'GutsSans';
export const FONT_BOLD = 'GutsSansBold';

const FONT_FILES: ReadonlyArray<readonly [file: string, family: string]> = [
  ['DejaVuSans.ttf', FONT_REGULAR],
  ['DejaVuSans-Bold.ttf', FONT_BOLD],
];

let loaded: CanvasModule | null = null;

/**
 * Loads the native canvas module and registers the shipped fonts, once. Loading is
 * lazy and synchronous (createRequire, not a top-level import) so that a host where
 * the native binary is missing can still import the renderers: every render then
 * fails inside its own try/catch and the bot falls back to text.
 */
export function canvasModule(): CanvasModule {
  if (loaded) return loaded;
  const mod = createRequire(import.meta.url)('@napi-rs/canvas') as CanvasModule;
  for (const [file, family] of FONT_FILES) {
    const path = fileURLToPath(new URL(`../../assets/fonts/${file}`, import.meta.url));
    if (!mod.GlobalFonts.registerFromPath(path, family)) throw new Error(`cannot load font ${path}`);
  }
  loaded = mod;
  return mod;
}
