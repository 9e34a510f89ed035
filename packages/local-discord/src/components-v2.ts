import { MessageFlags } from 'discord-api-types/v10';
import type { FieldError } from './errors.ts';
import { checkRow, type Path } from './limits.ts';

/**
 * Discord's rules for messages flagged IS_COMPONENTS_V2 (1 << 15): the components are
 * the whole message (no content, embeds, poll or stickers), laid out from containers,
 * sections, text displays, media galleries, files, separators and action rows.
 */
export const componentsV2Limits = {
  /** Every component counts, nested ones included. */
  totalComponents: 40,
  /** Characters across all text displays of the message. */
  textCharacters: 4000,
  sectionTexts: 3,
  galleryItems: 10,
} as const;

const T = {
  ActionRow: 1,
  Section: 9,
  TextDisplay: 10,
  Thumbnail: 11,
  MediaGallery: 12,
  File: 13,
  Separator: 14,
  Container: 17,
  Button: 2,
} as const;

/** What may sit at the top level of a V2 message, and inside a container. */
const topLevelTypes: readonly number[] = [
  T.ActionRow,
  T.Section,
  T.TextDisplay,
  T.MediaGallery,
  T.File,
  T.Separator,
  T.Container,
];
const containerChildTypes: readonly number[] = topLevelTypes.filter((type) => type !== T.Container);

interface LooseComponent {
  type?: unknown;
  components?: unknown;
  accessory?: unknown;
  content?: unknown;
  items?: unknown;
  media?: { url?: unknown };
  file?: { url?: unknown };
  [key: string]: unknown;
}

export interface ComponentsV2Body {
  content?: unknown;
  embeds?: unknown;
  poll?: unknown;
  sticker_ids?: unknown;
  components?: unknown;
}

export function isComponentsV2(flags: number | null | undefined): boolean {
  return ((flags ?? 0) & MessageFlags.IsComponentsV2) !== 0;
}

class V2Checker {
  count = 0;
  textCharacters = 0;
  readonly seenIds = new Set<string>();

  constructor(
    readonly out: FieldError[],
    /** Filenames an `attachment://` URL may name: this request's uploads and the message's kept files. */
    private readonly filenames: ReadonlySet<string>,
  ) {}

  component(path: Path, value: unknown, allowed: readonly number[]): void {
    const c = (value ?? {}) as LooseComponent;
    this.count += 1;
    if (typeof c.type !== 'number' || !allowed.includes(c.type)) {
      this.out.push({
        path: [...path, 'type'],
        code: 'UNION_TYPE_CHOICES',
        message: `Value of field "type" must be one of (${allowed.join(', ')}).`,
      });
      return;
    }
    switch (c.type) {
      case T.ActionRow:
        checkRow(this.out, path, c, this.seenIds);
        this.count += Array.isArray(c.components) ? c.components.length : 0;
        break;
      case T.Container:
        this.children(path, c.components, 1, containerChildTypes);
        break;
      case T.Section:
        this.children(path, c.components, 1, [T.TextDisplay], componentsV2Limits.sectionTexts);
        this.component([...path, 'accessory'], c.accessory, [T.Button, T.Thumbnail]);
        break;
      case T.TextDisplay:
        if (typeof c.content !== 'string' || c.content.length === 0) {
          this.out.push({ path: [...path, 'content'], code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
        } else this.textCharacters += c.content.length;
        break;
      case T.Thumbnail:
        this.media([...path, 'media', 'url'], c.media?.url);
        break;
      case T.MediaGallery:
        this.galleryItems(path, c.items);
        break;
      case T.File:
        this.media([...path, 'file', 'url'], c.file?.url, true);
        break;
      case T.Button:
        checkRow(this.out, path, { type: T.ActionRow, components: [c] }, this.seenIds);
        break;
    }
  }

  private children(
    path: Path,
    value: unknown,
    min: number,
    allowed: readonly number[],
    max = Number.POSITIVE_INFINITY,
  ) {
    const list = Array.isArray(value) ? value : [];
    if (list.length < min || list.length > max) {
      const message = Number.isFinite(max)
        ? `Must be between ${min} and ${max} in length.`
        : `Must be ${min} or more in length.`;
      this.out.push({ path: [...path, 'components'], code: 'BASE_TYPE_BAD_LENGTH', message });
    }
    list.forEach((child, i) => {
      this.component([...path, 'components', i], child, allowed);
    });
  }

  private galleryItems(path: Path, value: unknown): void {
    const items = Array.isArray(value) ? (value as LooseComponent[]) : [];
    if (items.length < 1 || items.length > componentsV2Limits.galleryItems) {
      this.out.push({
        path: [...path, 'items'],
        code: 'BASE_TYPE_BAD_LENGTH',
        message: `Must be between 1 and ${componentsV2Limits.galleryItems} in length.`,
      });
    }
    items.forEach((item, i) => {
      this.media([...path, 'items', i, 'media', 'url'], item.media?.url);
    });
  }

  /** Media URLs are http(s) or `attachment://<uploaded filename>`; a file component takes only the latter. */
  private media(path: Path, url: unknown, attachmentOnly = false): void {
    const text = typeof url === 'string' ? url : '';
    if (text.startsWith('attachment://')) {
      if (this.filenames.has(text.slice('attachment://'.length))) return;
      this.out.push({ path, code: 'ATTACHMENT_NOT_FOUND', message: 'Attachment data not found' });
      return;
    }
    if (!attachmentOnly && /^https?:\/\//.test(text)) return;
    this.out.push({ path, code: 'UNFURLED_MEDIA_ITEM_INVALID_URL', message: 'Invalid media URL' });
  }
}

function nonEmpty(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return value !== undefined && value !== null && value !== '';
}

/**
 * Checks a V2 message body; `filenames` are the files `attachment://` may name.
 * Returns every violation, addressed by its path under `prefix`.
 */
export function checkComponentsV2(
  body: ComponentsV2Body,
  filenames: ReadonlySet<string>,
  prefix: Path = [],
): FieldError[] {
  const out: FieldError[] = [];
  for (const field of ['content', 'embeds', 'poll', 'sticker_ids'] as const) {
    if (nonEmpty(body[field])) {
      out.push({
        path: [...prefix, field],
        code: 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
        message: `The '${field}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2`,
      });
    }
  }
  if (body.components === undefined) return out;
  const checker = new V2Checker(out, filenames);
  const list = Array.isArray(body.components) ? body.components : [];
  list.forEach((component, i) => {
    checker.component([...prefix, 'components', i], component, topLevelTypes);
  });
  if (checker.count > componentsV2Limits.totalComponents) {
    out.push({
      path: [...prefix, 'components'],
      code: 'BASE_TYPE_MAX_LENGTH',
      message: `Must be ${componentsV2Limits.totalComponents} or fewer in length.`,
    });
  }
  if (checker.textCharacters > componentsV2Limits.textCharacters) {
    out.push({
      path: [...prefix, 'components'],
      code: 'COMPONENTS_V2_TEXT_TOO_LONG',
      message: `Text displays must hold ${componentsV2Limits.textCharacters} or fewer characters in total.`,
    });
  }
  return out;
}
