import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SAMPLES } from '../../render/samples.ts';
import { readCommandLine } from '../args.ts';

export const summary = 'write one card picture of every kind to DIR (with index.html on dark and light)';

export const syntax = {
  command: 'gallery',
  usage: '[--force] DIR',
  details: [summary, 'DIR is made if it is not there; files already in it are never replaced unless --force says to.'],
  options: { force: { type: 'boolean' } },
  operands: [1, 1],
} as const;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch] ?? ch);

/** Every picture twice, on Discord's dark and light backgrounds, with its text form beneath. */
function indexHtml(files: { file: string; alt: string; text: string }[]): string {
  const figures = (background: string, colour: string) =>
    files
      .map(
        (f) =>
          `<figure style="background:${background};color:${colour}"><img src="${f.file}" alt="${escapeHtml(f.alt)}">` +
          `<figcaption><pre>${escapeHtml(f.text)}</pre></figcaption></figure>`,
      )
      .join('\n');
  return `<!doctype html><meta charset="utf-8"><title>guts card pictures</title>
<style>body{font-family:sans-serif;margin:0}figure{margin:0;padding:16px}pre{white-space:pre-wrap}</style>
<h2>Dark theme</h2>${figures('#313338', '#dbdee1')}
<h2>Light theme</h2>${figures('#ffffff', '#313338')}
`;
}

export async function run(args: string[]): Promise<number> {
  const line = readCommandLine(syntax, args);
  if (typeof line === 'number') return line;
  const [dir] = line.operands as [string];
  const taken = [...SAMPLES.map((s) => `${s.id}.png`), 'index.html'].filter((f) => existsSync(join(dir, f)));
  if (taken.length > 0 && !line.values.force) {
    process.stderr.write(
      `guts gallery: ${join(dir, taken[0] as string)} and ${taken.length - 1} more are already there: pass --force to replace them\n`,
    );
    return 1;
  }
  mkdirSync(dir, { recursive: true });
  const written: { file: string; alt: string; text: string }[] = [];
  let failed = 0;
  for (const sample of SAMPLES) {
    const picture = sample.render();
    if (!picture) {
      process.stderr.write(`guts gallery: ${sample.id} did not render\n`);
      failed++;
      continue;
    }
    const file = `${sample.id}.png`;
    writeFileSync(join(dir, file), picture.png);
    written.push({ file, alt: picture.alt, text: sample.text() });
    process.stdout.write(`${join(dir, file)}  ${(picture.png.length / 1024).toFixed(1)} KB\n`);
  }
  writeFileSync(join(dir, 'index.html'), indexHtml(written));
  return failed > 0 ? 1 : 0;
}
