import * as morphdomModule from 'morphdom';

/** The options used here, as morphdom's README gives them. */
interface MorphOptions {
  childrenOnly: boolean;
  getNodeKey(node: Node): string | undefined;
  onBeforeElUpdated(from: HTMLElement, to: HTMLElement): boolean;
}

// morphdom's types declare an ES default export over its CommonJS entry, which TypeScript's NodeNext reading
// cannot call; the bundle takes its ES build, whose default export this is.
const morphdom = (morphdomModule as unknown as { default: (from: Node, to: Node, options: MorphOptions) => Node })
  .default;

/**
 * The page's `patchChildren` (src/activity/page/patch.ts) done by morphdom, for
 * `activity-patch` to weigh against ours: the same contract (the parent's children made
 * the new drawing's, kept nodes keep their focus, a kept button gets the new frame's
 * handler, inline styles through the CSSOM as the page's Content-Security-Policy asks).
 */

/** morphdom pairs keyed nodes across the whole tree: only the keys unique on the page (controls, seats, hands, the side). */
const keyOf = (node: Node) =>
  node instanceof Element
    ? (node.getAttribute('data-key') ?? node.getAttribute('data-seat') ?? node.getAttribute('data-hand') ?? undefined)
    : undefined;

export function patchChildren(parent: Node, next: readonly (Node | string)[]): void {
  const target = parent.cloneNode(false) as Element;
  target.append(...next);
  morphdom(parent, target, {
    childrenOnly: true,
    getNodeKey: keyOf,
    onBeforeElUpdated(from, to) {
      if (to instanceof HTMLButtonElement) {
        if (to.onclick !== null) from.onclick = to.onclick;
      } else if (to.getElementsByTagName('button').length === 0 && from.isEqualNode(to)) return false;
      // Set through the CSSOM first: morphdom then finds the attribute equal and leaves it.
      if (from.style.cssText !== to.style.cssText) from.style.cssText = to.style.cssText;
      return true;
    },
  });
}
