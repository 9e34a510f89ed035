import type { APIEmbed } from 'discord-api-types/v10';
import type { FieldError } from './errors.ts';

/**
 * Discord's limits on what a message may contain, checked the way Discord checks them:
 * every violation is collected (not just the first) and addressed by its path in the
 * request body, so the 50035 answer reads like the real one.
 */
export const messageLimits = {
  contentLength: 2000,
  embeds: 10,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  embedFieldName: 256,
  embedFieldValue: 1024,
  embedFooterText: 2048,
  embedAuthorName: 256,
  embedTotalCharacters: 6000,
  actionRows: 5,
  componentsPerRow: 5,
  customIdLength: 100,
  buttonLabelLength: 80,
  selectOptions: 25,
  selectPlaceholderLength: 150,
} as const;

/** The parts of a message body the limits apply to (channel message, webhook or interaction data). */
export interface MessageContentBody {
  content?: unknown;
  embeds?: unknown;
  components?: unknown;
}

export type Path = (string | number)[];

const ComponentType = { ActionRow: 1, Button: 2, StringSelect: 3 } as const;
const ButtonStyleLink = 5;
const ButtonStylePremium = 6;

function maxLength(out: FieldError[], path: Path, value: unknown, max: number): void {
  if (typeof value === 'string' && value.length > max) {
    out.push({ path, code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${max} or fewer in length.` });
  }
}

function required(out: FieldError[], path: Path, value: unknown): boolean {
  if (value === undefined || value === null || value === '') {
    out.push({ path, code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
    return false;
  }
  return true;
}

function arrayLength(out: FieldError[], path: Path, value: unknown[], min: number, max: number): void {
  if (value.length > max || value.length < min) {
    const message = min === 0 ? `Must be ${max} or fewer in length.` : `Must be between ${min} and ${max} in length.`;
    out.push({ path, code: min === 0 ? 'BASE_TYPE_MAX_LENGTH' : 'BASE_TYPE_BAD_LENGTH', message });
  }
}

function notAnArray(out: FieldError[], path: Path): void {
  out.push({ path, code: 'BASE_TYPE_ARRAY', message: 'Must be an array.' });
}

function embedCharacters(embed: APIEmbed): number {
  const text = [embed.title, embed.description, embed.footer?.text, embed.author?.name];
  for (const field of embed.fields ?? []) text.push(field.name, field.value);
  return text.reduce((sum, part) => sum + (typeof part === 'string' ? part.length : 0), 0);
}

function checkEmbed(out: FieldError[], path: Path, embed: APIEmbed): void {
  const L = messageLimits;
  maxLength(out, [...path, 'title'], embed.title, L.embedTitle);
  maxLength(out, [...path, 'description'], embed.description, L.embedDescription);
  maxLength(out, [...path, 'footer', 'text'], embed.footer?.text, L.embedFooterText);
  maxLength(out, [...path, 'author', 'name'], embed.author?.name, L.embedAuthorName);
  if (embed.color !== undefined && (!Number.isInteger(embed.color) || embed.color < 0 || embed.color > 0xffffff)) {
    out.push({ path: [...path, 'color'], code: 'NUMBER_TYPE_MAX', message: 'int value should be <= 16777215.' });
  }
  if (embed.fields === undefined) return;
  if (!Array.isArray(embed.fields)) {
    notAnArray(out, [...path, 'fields']);
    return;
  }
  arrayLength(out, [...path, 'fields'], embed.fields, 0, L.embedFields);
  embed.fields.forEach((field, i) => {
    if (required(out, [...path, 'fields', i, 'name'], field.name)) {
      maxLength(out, [...path, 'fields', i, 'name'], field.name, L.embedFieldName);
    }
    if (required(out, [...path, 'fields', i, 'value'], field.value)) {
      maxLength(out, [...path, 'fields', i, 'value'], field.value, L.embedFieldValue);
    }
  });
}

function checkEmbeds(out: FieldError[], path: Path, embeds: unknown): void {
  if (embeds === undefined || embeds === null) return;
  if (!Array.isArray(embeds)) {
    notAnArray(out, path);
    return;
  }
  arrayLength(out, path, embeds, 0, messageLimits.embeds);
  embeds.forEach((embed, i) => {
    checkEmbed(out, [...path, i], embed as APIEmbed);
  });
  const total = (embeds as APIEmbed[]).reduce((sum, embed) => sum + embedCharacters(embed), 0);
  if (total > messageLimits.embedTotalCharacters) {
    out.push({
      path,
      code: 'MAX_EMBED_SIZE_EXCEEDED',
      message: `Embed size exceeds maximum size of ${messageLimits.embedTotalCharacters}`,
    });
  }
}

interface LooseComponent {
  type?: unknown;
  style?: unknown;
  custom_id?: unknown;
  label?: unknown;
  url?: unknown;
  sku_id?: unknown;
  placeholder?: unknown;
  options?: unknown;
  components?: unknown;
}

function checkInteractive(out: FieldError[], path: Path, component: LooseComponent, seenIds: Set<string>): void {
  const L = messageLimits;
  const carriesCustomId =
    component.type !== ComponentType.Button ||
    (component.style !== ButtonStyleLink && component.style !== ButtonStylePremium);
  if (carriesCustomId) {
    if (required(out, [...path, 'custom_id'], component.custom_id)) {
      maxLength(out, [...path, 'custom_id'], component.custom_id, L.customIdLength);
      const id = String(component.custom_id);
      if (seenIds.has(id)) {
        out.push({
          path: [...path, 'custom_id'],
          code: 'COMPONENT_CUSTOM_ID_DUPLICATED',
          message: 'Component custom id cannot be duplicated',
        });
      }
      seenIds.add(id);
    }
  } else if (component.style === ButtonStyleLink) {
    required(out, [...path, 'url'], component.url);
  } else {
    required(out, [...path, 'sku_id'], component.sku_id);
  }
  if (component.type === ComponentType.Button) {
    maxLength(out, [...path, 'label'], component.label, L.buttonLabelLength);
  } else {
    maxLength(out, [...path, 'placeholder'], component.placeholder, L.selectPlaceholderLength);
    if (component.type === ComponentType.StringSelect) {
      if (!Array.isArray(component.options)) {
        notAnArray(out, [...path, 'options']);
        return;
      }
      arrayLength(out, [...path, 'options'], component.options, 1, L.selectOptions);
    }
  }
}

export function checkRow(out: FieldError[], path: Path, row: LooseComponent, seenIds: Set<string>): void {
  if (row.type !== ComponentType.ActionRow) {
    out.push({
      path: [...path, 'type'],
      code: 'UNION_TYPE_CHOICES',
      message: 'Value of field "type" must be one of (1,).',
    });
    return;
  }
  if (!Array.isArray(row.components)) {
    notAnArray(out, [...path, 'components']);
    return;
  }
  const children = row.components as LooseComponent[];
  arrayLength(out, [...path, 'components'], children, 1, messageLimits.componentsPerRow);
  // A select menu fills a whole row on its own; buttons take one slot in five.
  const width = children.reduce((sum, c) => sum + (c.type === ComponentType.Button ? 1 : 5), 0);
  if (width > messageLimits.componentsPerRow && children.length <= messageLimits.componentsPerRow) {
    out.push({
      path: [...path, 'components'],
      code: 'COMPONENT_LAYOUT_WIDTH_EXCEEDED',
      message: 'The specified component exceeds the maximum width',
    });
  }
  children.forEach((child, i) => {
    if (child.type === ComponentType.ActionRow || typeof child.type !== 'number') {
      out.push({
        path: [...path, 'components', i, 'type'],
        code: 'UNION_TYPE_CHOICES',
        message: 'Value of field "type" must be one of (2, 3, 4, 5, 6, 7, 8).',
      });
      return;
    }
    checkInteractive(out, [...path, 'components', i], child, seenIds);
  });
}

function checkComponents(out: FieldError[], path: Path, components: unknown): void {
  if (components === undefined || components === null) return;
  if (!Array.isArray(components)) {
    notAnArray(out, path);
    return;
  }
  arrayLength(out, path, components, 0, messageLimits.actionRows);
  const seenIds = new Set<string>();
  components.forEach((row, i) => {
    checkRow(out, [...path, i], row as LooseComponent, seenIds);
  });
}

/**
 * Checks a message body against Discord's limits. `prefix` is where the body sits in
 * the request (`['data']` for an interaction callback). Returns every violation found.
 */
export function checkMessageLimits(body: MessageContentBody, prefix: Path = []): FieldError[] {
  const out: FieldError[] = [];
  if (body.content !== undefined && body.content !== null && typeof body.content !== 'string') {
    out.push({ path: [...prefix, 'content'], code: 'BASE_TYPE_STRING', message: 'Must be a string.' });
  }
  maxLength(out, [...prefix, 'content'], body.content, messageLimits.contentLength);
  checkEmbeds(out, [...prefix, 'embeds'], body.embeds);
  checkComponents(out, [...prefix, 'components'], body.components);
  return out;
}
