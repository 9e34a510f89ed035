import { fileURLToPath } from 'node:url';

/**
 * Where the page's built files are (`index.html` and hashed assets). Beside the code that
 * serves them: in the compiled build (bin/build.js) that is the build's own
 * `dist/activity/`, which that build fills, so the page is always the one of the sources
 * the bot runs. Its own module, so that neither the server nor the page's build loads
 * the other (esbuild stays out of the running bot, `ws` out of the build).
 */
export const ACTIVITY_ASSETS_DIR = fileURLToPath(new URL('../../dist/activity/', import.meta.url));
