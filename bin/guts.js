#!/usr/bin/env node
// Entry point for `npx guts …` and `npm start`: registers tsx so the TypeScript
// sources run as they are, with no separate build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
