import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

interface Names {
  user(id: string): string | undefined;
  channel(id: string): string | undefined;
  locale: string;
}

/** The page's markdown.js, a plain browser script, run on its own as the page runs it. */
function loadMarkdown(): (text: string, names: Names) => string {
  const source = readFileSync(new URL('../../../src/playground/page/markdown.js', import.meta.url), 'utf8');
  const scope: { markdownHtml?: (text: string, names: Names) => string } = {};
  vm.createContext(scope);
  vm.runInContext(`${source}\nthis.markdownHtml = markdownHtml;`, scope);
  if (!scope.markdownHtml) throw new Error('markdown.js defines no markdownHtml');
  return scope.markdownHtml;
}

const markdownHtml = loadMarkdown();
const names = (locale: string): Names => ({
  user: (id) => (id === '11' ? 'Ann' : undefined),
  channel: (id) => (id === '22' ? 'poker' : undefined),
  locale,
});
const inSeconds = (seconds: number) => Math.round(Date.now() / 1000) + seconds;

describe("the playground's Discord markdown", () => {
  it('shows backslash-escaped punctuation as itself, with no markdown meaning', () => {
    expect(markdownHtml('🤖 Ada \\(balanced\\)', names('en-US'))).toBe('🤖 Ada (balanced)');
    expect(markdownHtml('**Ada \\(cautious\\)**', names('en-US'))).toBe('<strong>Ada (cautious)</strong>');
    expect(markdownHtml('\\*not italic\\* \\<@11>', names('en-US'))).toBe('*not italic* &lt;@11&gt;');
    // In code, Discord shows the backslash.
    expect(markdownHtml('`\\(`', names('en-US'))).toBe('<code>\\(</code>');
  });

  it('names mentioned users and channels, and says unknown for others', () => {
    const html = markdownHtml('<@11> <@!11> <@99> <#22> <#99>', names('en-US'));
    expect(html).toBe(
      [
        '<span class="mention">@Ann</span>',
        '<span class="mention">@Ann</span>',
        '<span class="mention">@unknown-user</span>',
        '<span class="mention">#poker</span>',
        '<span class="mention">#unknown</span>',
      ].join(' '),
    );
  });

  it("writes relative timestamps in the reader's language", () => {
    const at = inSeconds(26);
    const text = (locale: string) => markdownHtml(`<t:${at}:R>`, names(locale)).replace(/<[^>]+>/g, '');
    // The second may turn between the message and the check: 25 or 26.
    expect(text('de')).toMatch(/^in 2[56] Sekunden$/);
    expect(text('en-US')).toMatch(/^in 2[56] seconds$/);
    expect(text('fr')).toMatch(/^dans 2[56] secondes$/);
  });

  it("writes dates in the reader's language", () => {
    const html = markdownHtml('<t:1767225600:D>', names('de'));
    expect(html).toContain('Januar 2026');
    expect(html).toContain('data-locale="de"');
  });

  it('reads code as Discord does: double backticks hold single ones, fenced blocks are blocks', () => {
    const en = names('en-US');
    // The Verify panel's phrase: a span of two backticks, padded by a space inside.
    expect(markdownHtml('`` a `b` **c** ``', en)).toBe('<code>a `b` **c**</code>');
    expect(markdownHtml('``x``', en)).toBe('<code>x</code>');
    expect(markdownHtml('`one` and `two`', en)).toBe('<code>one</code> and <code>two</code>');
    // Its deck: a fenced block, the fences and the blank lines inside them gone.
    expect(markdownHtml('```\nAs Kd 7c\n```', en)).toBe('<pre class="code-block"><code>As Kd 7c</code></pre>');
    expect(markdownHtml('before ```js\n<b>x</b> *y*\n``` after', en)).toBe(
      'before <pre class="code-block"><code>&lt;b&gt;x&lt;/b&gt; *y*</code></pre> after',
    );
    // A lone backtick is only a backtick.
    expect(markdownHtml('it`s **here**', en)).toBe('it`s <strong>here</strong>');
  });
});
