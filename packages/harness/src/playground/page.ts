import { readFile } from 'node:fs/promises';

const pageDir = new URL('./page/', import.meta.url);
const STYLES = ['layout.css', 'messages.css', 'activity.css'];
/** Scripts in load order: each one uses what the ones before it define. */
const SCRIPTS = ['markdown.js', 'render.js', 'hints.js', 'form.js', 'view.js', 'activity.js', 'app.js'];

/**
 * The playground page as one self-contained HTML document: its stylesheet and scripts
 * are inlined, so the page needs no build step and loads nothing from elsewhere.
 */
export async function pageHtml(): Promise<string> {
  const read = (file: string) => readFile(new URL(file, pageDir), 'utf8');
  const [html, styles, scripts] = await Promise.all([
    read('index.html'),
    Promise.all(STYLES.map(read)),
    Promise.all(SCRIPTS.map(read)),
  ]);
  // Function replacers: `$` in the inlined text must stay as it is.
  return html.replace('/* style */', () => styles.join('\n')).replace('/* script */', () => scripts.join('\n'));
}
