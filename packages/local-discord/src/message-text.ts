import { type APIMessage, ComponentType } from 'discord-api-types/v10';
import { eachComponent } from './components.ts';

/**
 * What a user reads in a message, for tests and tools that look at the channel as a
 * player does: the legacy parts (content, embeds) and the text displays of a Components
 * V2 message, in the order the client shows them.
 */

/** The text displays' text, and the labels of buttons beside a section's text. */
function texts(components: readonly unknown[] | undefined, out: string[]): string[] {
  for (const { component, accessory } of eachComponent(components)) {
    if (component.type === ComponentType.TextDisplay && component.content) out.push(String(component.content));
    if (accessory && component.label) out.push(String(component.label));
  }
  return out;
}

/** Every text of the message: content, embed titles, descriptions, fields and footers, V2 text displays. */
export function textOf(message: APIMessage): string {
  const parts: string[] = message.content ? [message.content] : [];
  for (const embed of message.embeds ?? []) {
    parts.push(embed.title ?? '', embed.description ?? '');
    for (const field of embed.fields ?? []) parts.push(`${field.name}: ${field.value}`);
    parts.push(embed.footer?.text ?? '');
  }
  texts(message.components, parts);
  return parts.filter(Boolean).join('\n');
}

/** A message's title: its first embed's, or else the first markdown heading of its V2 text. */
export function titleOf(message: APIMessage): string {
  const embedTitle = message.embeds?.[0]?.title;
  if (embedTitle) return embedTitle;
  const heading = /^#{1,3} (.+)$/m.exec(texts(message.components, []).join('\n'));
  return heading?.[1] ?? '';
}
