#!/usr/bin/env node
// Entry point for `npm start`, `npm run bench` and `npx guts-harness …`: like the bot's
// own bin/guts.js, runs the sources compiled to JavaScript (the bot's build compiles
// this package with it), so the bots the harness starts carry no TypeScript compiler.
import { compiled } from 'guts/bin/build.js';

const { main } = await import(new URL('packages/harness/src/cli.js', await compiled()).href);
process.exitCode = await main(process.argv.slice(2));
