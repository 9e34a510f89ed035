import { Idiomorph } from 'idiomorph';

/**
 * The page's `patchChildren` (src/activity/page/patch.ts) done by idiomorph, for
 * `activity-patch` to weigh against ours (the same contract as page-patch/morphdom.ts).
 */

export function patchChildren(parent: Node, next: readonly (Node | string)[]): void {
  const nodes = next.map((n) => (typeof n === 'string' ? document.createTextNode(n) : n));
  Idiomorph.morph(parent, nodes, {
    morphStyle: 'innerHTML',
    callbacks: {
      beforeNodeMorphed(from, to) {
        if (!(from instanceof HTMLElement) || !(to instanceof HTMLElement)) return true;
        if (to instanceof HTMLButtonElement) {
          if (to.onclick !== null) from.onclick = to.onclick;
        } else if (to.getElementsByTagName('button').length === 0 && from.isEqualNode(to)) return false;
        if (from.style.cssText !== to.style.cssText) from.style.cssText = to.style.cssText;
        return true;
      },
      // Inline styles go through the CSSOM (above): the page's Content-Security-Policy refuses a style attribute.
      beforeAttributeUpdated: (name) => name !== 'style',
    },
  });
}
