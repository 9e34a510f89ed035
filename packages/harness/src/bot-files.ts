import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * A file of the bot's package (`guts`: its bin, its threads' boot file), found the way
 * Node finds the package, so the path holds from the sources and from their compiled
 * build alike.
 */
export const botFile = (path: string): string => createRequire(import.meta.url).resolve(`guts/${path}`);

/** The repository's root: child processes of the bot start there, as `npm start` does. */
export const repositoryRoot = (): string => dirname(botFile('package.json'));

/**
 * The Activity page's TypeScript: the repository's, whether the bot runs from its sources
 * or from their compiled build (which holds no `.ts` to bundle).
 */
export const activityPageSources = (): string => join(repositoryRoot(), 'src/activity/page');
