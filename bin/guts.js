#!/usr/bin/env -S node --v8-pool-size=2
// Entry point for `npx guts …` and `npm start`: runs the sources compiled to
// JavaScript (bin/build.js builds them on the first run after a change), so no
// TypeScript compiler lives in the bot's process or its threads. Its first line gives
// node the bot's options (src/node-options.ts).
import { compiled } from './build.js';

const { main } = await import(new URL('src/cli/main.js', await compiled()).href);
process.exitCode = await main(process.argv.slice(2));
