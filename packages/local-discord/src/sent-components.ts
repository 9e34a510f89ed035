import type { APIAttachment } from 'discord-api-types/v10';

/** A component as it is walked here: any type, its children where it has them. */
interface Node {
  type?: number;
  id?: number;
  media?: Media;
  file?: Media;
  items?: Node[];
  accessory?: Node;
  components?: Node[];
  [key: string]: unknown;
}

interface Media {
  url?: string;
  [key: string]: unknown;
}

/** What Discord fills in on each component type of a message it answers (a component of its own spec's response shape). */
const select = { min_values: 1, max_values: 1 };
const defaults: Record<number, Record<string, unknown>> = {
  3: select, // string select
  5: select, // user select
  6: select, // role select
  7: select, // mentionable select
  8: select, // channel select
  11: { description: null, spoiler: false }, // thumbnail
  13: { name: null, size: null, spoiler: false }, // file
  14: { spacing: 1, divider: true }, // separator
  17: { accent_color: null, spoiler: false }, // container
};

/**
 * A message's components as Discord answers them: every component numbered (`id`
 * auto-populated in order, depth first, skipping ids the bot chose: "Component
 * Reference", the `id` field), optional fields at their defaults, and media resolved
 * to an unfurled media object with its own id; an `attachment://name` URL becomes the
 * uploaded file's URL, with its attachment id and size.
 */
export function sentComponents<T>(components: T[], attachments: APIAttachment[], newId: () => string): T[] {
  const taken = new Set<number>();
  const collect = (node: Node) => {
    if (typeof node.id === 'number') taken.add(node.id);
    for (const child of children(node)) collect(child);
  };
  for (const c of components) collect(c as Node);
  let next = 0;
  const freeId = () => {
    do next++;
    while (taken.has(next));
    return next;
  };
  const media = (m: Media): Media => {
    const file = m.url?.startsWith('attachment://')
      ? attachments.find((a) => a.filename === m.url?.slice('attachment://'.length))
      : undefined;
    if (!file) return { id: newId(), proxy_url: m.url, ...m };
    return {
      ...m,
      url: file.url,
      proxy_url: file.proxy_url,
      attachment_id: file.id,
      content_type: file.content_type,
      ...(file.width ? { width: file.width, height: file.height } : {}),
      id: newId(),
    };
  };
  // A media gallery's items are not components: they get defaults, no id.
  const item = (i: Node): Node => ({
    description: null,
    spoiler: false,
    ...i,
    ...(i.media ? { media: media(i.media) } : {}),
  });
  const walk = (c: Node): Node => {
    const out: Node = { ...(defaults[c.type ?? -1] ?? {}), ...c, id: c.id ?? freeId() };
    if (c.media) out.media = c.media.id ? c.media : media(c.media);
    if (c.file) out.file = c.file.id ? c.file : media(c.file);
    if (c.items) out.items = c.items.map((i) => (i.media?.id ? i : item(i)));
    if (c.components) out.components = c.components.map(walk);
    if (c.accessory) out.accessory = walk(c.accessory);
    return out;
  };
  return components.map((c) => walk(c as Node) as T);
}

function children(node: Node): Node[] {
  return [...(node.components ?? []), ...(node.accessory ? [node.accessory] : [])];
}
