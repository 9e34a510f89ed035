/**
 * Brings the page's DOM to a newly drawn table while keeping every node that is already
 * what it should be. The page still draws each frame whole (one source: the frame), but
 * only what changed reaches the document: Chromium then styles, lays out and paints the
 * changed parts alone, where replacing the whole table made every frame cost a full
 * layout of every seat and card (at a phone's CPU, a long task of its own).
 *
 * A button's click handler belongs to the frame it was drawn for: a button drawn with
 * its handler as `onclick` is kept and given the new one (keeping the player's focus on
 * it); any other button is taken from the new drawing.
 */

/** What pairs an old node with a new one: its kind, its key (`data-key`, a seat's id, a card…) and its first class. */
function keyOf(node: Node): string {
  if (!(node instanceof Element)) return `#${node.nodeType}`;
  const id =
    node.getAttribute('data-key') ??
    node.getAttribute('data-seat') ??
    node.getAttribute('data-hand') ??
    node.getAttribute('data-card') ??
    node.getAttribute('data-player') ??
    '';
  return `${node.localName}|${id}|${node.classList[0] ?? ''}`;
}

/**
 * `old`'s attributes made `next`'s. Inline styles go through the CSSOM: the page's
 * Content-Security-Policy refuses a `style` attribute set as markup.
 */
function syncAttributes(old: Element, next: Element): void {
  for (const a of [...old.attributes])
    if (a.name !== 'style' && !next.hasAttributeNS(a.namespaceURI, a.localName)) old.removeAttributeNode(a);
  for (const a of next.attributes)
    if (a.name !== 'style' && old.getAttributeNS(a.namespaceURI, a.localName) !== a.value)
      old.setAttributeNS(a.namespaceURI, a.name, a.value);
  const [from, to] = [(next as HTMLElement).style, (old as HTMLElement).style];
  if (from && to && from.cssText !== to.cssText) to.cssText = from.cssText;
}

/** `old` made to look like `next` (and returned), or `next` itself where `old` cannot be kept. */
function patchNode(old: Node, next: Node): Node {
  if (old.nodeType !== next.nodeType) return next;
  if (!(old instanceof Element) || !(next instanceof Element)) {
    if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue;
    return old;
  }
  if (old.localName !== next.localName || old.namespaceURI !== next.namespaceURI) return next;
  if (next instanceof HTMLButtonElement) {
    if (!(old instanceof HTMLButtonElement) || next.onclick === null) return next;
    old.onclick = next.onclick;
  } else if (next.getElementsByTagName('button').length === 0 && old.isEqualNode(next)) {
    // An equal subtree is kept whole, unless it holds a button (whose handler is the new frame's).
    return old;
  }
  syncAttributes(old, next);
  patchChildren(old, [...next.childNodes]);
  return old;
}

/** Makes `parent`'s children `next`, in order, reusing the old children that pair with them. */
export function patchChildren(parent: Node, next: readonly (Node | string)[]): void {
  const spare = new Map<string, Node[]>();
  for (const old of parent.childNodes) {
    const key = keyOf(old);
    const list = spare.get(key);
    if (list) list.push(old);
    else spare.set(key, [old]);
  }
  const wanted = next.map((n) => {
    const node = typeof n === 'string' ? document.createTextNode(n) : n;
    const old = spare.get(keyOf(node))?.shift();
    return old ? patchNode(old, node) : node;
  });
  const kept = new Set(wanted);
  for (const old of [...parent.childNodes]) if (!kept.has(old)) old.remove();
  let at = parent.firstChild;
  for (const node of wanted) {
    if (node === at) at = at.nextSibling;
    else parent.insertBefore(node, at);
  }
}
