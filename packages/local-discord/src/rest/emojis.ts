import type { APIEmoji } from 'discord-api-types/v10';
import { DiscordHttpError, errors } from '../errors.ts';
import { apiUser } from '../state/render.ts';
import type { StoredEmoji } from '../state/store.ts';
import type { RouteContext } from './context.ts';
import { noContent, ok, type RestRequest, type Route } from './route.ts';

/**
 * Application emojis, as Discord's emoji resource describes them
 * (https://discord.com/developers/docs/resources/emoji#create-application-emoji):
 * names of 2-32 characters of letters, digits and underscores, unique per application;
 * the image a data URI of PNG, JPEG, GIF or WebP of at most 256 KiB; 2000 per application.
 */
const emojiName = /^[A-Za-z0-9_]{2,32}$/;
const imageDataUri = /^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/=]+)$/;
export const APPLICATION_EMOJIS_MAX = 2000;
const IMAGE_BYTES_MAX = 256 * 1024;

function checkApplication(ctx: RouteContext, request: RestRequest): void {
  if (request.params.applicationId !== ctx.bot.user.id) {
    throw new DiscordHttpError(403, 20012, 'You are not authorized to perform this action on this application');
  }
}

function checkName(ctx: RouteContext, name: unknown, except?: string): string {
  if (typeof name !== 'string' || !emojiName.test(name)) {
    throw errors.invalidFormBody([
      {
        path: ['name'],
        code: 'BASE_TYPE_BAD_LENGTH',
        message: 'Must be between 2 and 32 in length and contain only letters, digits and underscores.',
      },
    ]);
  }
  for (const emoji of ctx.store.applicationEmojis.values()) {
    if (emoji.name === name && emoji.id !== except) {
      throw errors.invalidFormBody([
        { path: ['name'], code: 'APPLICATION_EMOJI_NAME_ALREADY_TAKEN', message: 'Emoji name already taken.' },
      ]);
    }
  }
  return name;
}

function decodeImage(image: unknown): { contentType: string; bytes: Buffer; animated: boolean } {
  const match = typeof image === 'string' ? imageDataUri.exec(image) : null;
  if (!match) {
    throw errors.invalidFormBody([{ path: ['image'], code: 'IMAGE_INVALID', message: 'Invalid image data' }]);
  }
  const bytes = Buffer.from(match[2] ?? '', 'base64');
  if (bytes.length > IMAGE_BYTES_MAX) {
    throw errors.invalidFormBody([
      { path: ['image'], code: 'BINARY_TYPE_MAX_SIZE', message: 'File cannot be larger than 256.0 kb.' },
    ]);
  }
  return { contentType: `image/${match[1]}`, bytes, animated: match[1] === 'gif' };
}

function apiEmoji(ctx: RouteContext, emoji: StoredEmoji): APIEmoji {
  return {
    id: emoji.id,
    name: emoji.name,
    user: apiUser(ctx.bot.user),
    roles: [],
    require_colons: true,
    managed: false,
    animated: emoji.animated,
    available: true,
  };
}

function stored(ctx: RouteContext, request: RestRequest): StoredEmoji {
  const emoji = ctx.store.applicationEmojis.get(request.params.emojiId ?? '');
  if (!emoji) throw new DiscordHttpError(404, 10014, 'Unknown Emoji');
  return emoji;
}

export function emojiRoutes(ctx: RouteContext): Route[] {
  const base = { auth: 'bot', bucket: 'default', major: [], globalExempt: false } as const;
  const listPath = '/applications/:applicationId/emojis';
  const onePath = '/applications/:applicationId/emojis/:emojiId';
  const emojis = ctx.store.applicationEmojis;
  return [
    {
      ...base,
      method: 'GET',
      path: listPath,
      handle: (r) => {
        checkApplication(ctx, r);
        return ok({ items: [...emojis.values()].map((e) => apiEmoji(ctx, e)) });
      },
    },
    {
      ...base,
      method: 'POST',
      path: listPath,
      handle: (r) => {
        checkApplication(ctx, r);
        const body = (r.body ?? {}) as { name?: unknown; image?: unknown };
        const name = checkName(ctx, body.name);
        const image = decodeImage(body.image);
        if (emojis.size >= APPLICATION_EMOJIS_MAX) {
          throw new DiscordHttpError(400, 30008, `Maximum number of emojis reached (${APPLICATION_EMOJIS_MAX})`);
        }
        const emoji: StoredEmoji = { id: ctx.store.ids.next(), name, ...image };
        emojis.set(emoji.id, emoji);
        return ok(apiEmoji(ctx, emoji), 201);
      },
    },
    {
      ...base,
      method: 'GET',
      path: onePath,
      handle: (r) => {
        checkApplication(ctx, r);
        return ok(apiEmoji(ctx, stored(ctx, r)));
      },
    },
    {
      ...base,
      method: 'PATCH',
      path: onePath,
      handle: (r) => {
        checkApplication(ctx, r);
        const emoji = stored(ctx, r);
        const body = (r.body ?? {}) as { name?: unknown };
        if (body.name !== undefined) emoji.name = checkName(ctx, body.name, emoji.id);
        return ok(apiEmoji(ctx, emoji));
      },
    },
    {
      ...base,
      method: 'DELETE',
      path: onePath,
      handle: (r) => {
        checkApplication(ctx, r);
        emojis.delete(stored(ctx, r).id);
        return noContent();
      },
    },
  ];
}
