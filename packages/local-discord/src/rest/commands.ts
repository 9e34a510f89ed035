import { type APIApplicationCommand, ApplicationCommandType, Locale } from 'discord-api-types/v10';
import { DiscordHttpError, errors, type FieldError } from '../errors.ts';
import type { RouteContext } from './context.ts';
import { ok, type RestRequest, type Route } from './route.ts';

/** Discord's rule for command and option names (chat input commands: lower case). */
const commandName = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

type CommandBody = Partial<APIApplicationCommand>;

/** Discord's limit on a command's names, descriptions and choice names and values, all together. */
const COMMAND_CHARACTERS_MAX = 8000;

type Localizations = Record<string, unknown> | null | undefined;

type LooseOption = {
  type?: number;
  name?: string;
  description?: string;
  name_localizations?: Localizations;
  description_localizations?: Localizations;
  required?: boolean;
  autocomplete?: boolean;
  choices?: { name?: string; value?: unknown; name_localizations?: Localizations }[];
  options?: LooseOption[];
};

const LOCALES: readonly string[] = Object.values(Locale);

/** A text and its localizations: the longest is what counts towards a command's 8000 characters. */
const longest = (base: string | undefined, localized: Localizations): number =>
  Math.max((base ?? '').length, ...Object.values(localized ?? {}).map((v) => String(v).length));

/**
 * A localization dictionary as Discord checks it: keys among the available locales,
 * values under the same rule as the field they localize.
 * https://discord.com/developers/docs/interactions/application-commands#localization
 */
function checkLocalizations(
  out: FieldError[],
  path: (string | number)[],
  localized: Localizations,
  valid: (value: string) => boolean,
  invalid: Omit<FieldError, 'path'>,
): void {
  for (const [locale, value] of Object.entries(localized ?? {})) {
    if (!LOCALES.includes(locale)) {
      out.push({
        path: [...path, locale],
        code: 'ENUM_TYPE_COERCE',
        message: `Value "${locale}" is not a valid enum value.`,
      });
    } else if (typeof value !== 'string' || !valid(value)) out.push({ path: [...path, locale], ...invalid });
  }
}

const validName = (name: string) => commandName.test(name) && name === name.toLowerCase();
const INVALID_NAME = { code: 'APPLICATION_COMMAND_INVALID_NAME', message: 'Command name is invalid' };
const validDescription = (text: string) => text.length >= 1 && text.length <= 100;
const BAD_LENGTH = { code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 100 in length.' };

/** A command's or an option's localized names and descriptions, and its choices' names. */
function checkNodeLocalizations(out: FieldError[], path: (string | number)[], node: LooseOption): void {
  checkLocalizations(out, [...path, 'name_localizations'], node.name_localizations, validName, INVALID_NAME);
  checkLocalizations(
    out,
    [...path, 'description_localizations'],
    node.description_localizations,
    validDescription,
    BAD_LENGTH,
  );
  (node.choices ?? []).forEach((c, k) => {
    const path2 = [...path, 'choices', k, 'name_localizations'];
    checkLocalizations(out, path2, c.name_localizations, validDescription, BAD_LENGTH);
  });
}

const SUBCOMMAND = 1;
const SUBCOMMAND_GROUP = 2;

function commandCharacters(node: LooseOption): number {
  const own = longest(node.name, node.name_localizations) + longest(node.description, node.description_localizations);
  const choices = (node.choices ?? []).reduce(
    (n, c) => n + longest(c.name, c.name_localizations) + String(c.value ?? '').length,
    0,
  );
  const children = ((node.options ?? []) as LooseOption[]).reduce((n, o) => n + commandCharacters(o), 0);
  return own + choices + children;
}

/**
 * A level of options as Discord checks it: at most 25; names and descriptions in
 * range; at most 25 choices of 1-100 characters, never with autocomplete; required ones
 * first; groups hold only subcommands, subcommands only plain options.
 */
function checkOptions(
  out: FieldError[],
  path: (string | number)[],
  options: unknown[],
  level: 'command' | 'group' | 'subcommand',
): void {
  if (options.length > 25) out.push({ path, code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 25 or fewer in length.' });
  let optionalSeen = false;
  (options as LooseOption[]).forEach((o, j) => {
    const at = [...path, j];
    const nested = o.type === SUBCOMMAND || o.type === SUBCOMMAND_GROUP;
    const allowed = level === 'command' ? true : level === 'group' ? o.type === SUBCOMMAND : !nested;
    if (!allowed)
      out.push({
        path: [...at, 'type'],
        code: 'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID',
        message: 'Sub-command and sub-command group option types are mutually exclusive to all other types',
      });
    const name = o.name ?? '';
    if (!validName(name)) out.push({ path: [...at, 'name'], ...INVALID_NAME });
    checkNodeLocalizations(out, at, o);
    const description = o.description ?? '';
    if (description.length < 1 || description.length > 100) {
      out.push({
        path: [...at, 'description'],
        code: 'BASE_TYPE_BAD_LENGTH',
        message: 'Must be between 1 and 100 in length.',
      });
    }
    if (o.required && optionalSeen) {
      out.push({
        path: [...at, 'required'],
        code: 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
        message: 'Required options must be placed before non-required options',
      });
    }
    if (!o.required && !nested) optionalSeen = true;
    const choices = o.choices ?? [];
    if (choices.length > 25)
      out.push({ path: [...at, 'choices'], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 25 or fewer in length.' });
    if (choices.length > 0 && o.autocomplete) {
      out.push({
        path: [...at, 'autocomplete'],
        code: 'AUTOCOMPLETE_CHOICES_MUTUALLY_EXCLUSIVE',
        message: 'Autocomplete and choices cannot both be set',
      });
    }
    choices.forEach((c, k) => {
      const choiceName = c.name ?? '';
      if (choiceName.length < 1 || choiceName.length > 100 || String(c.value ?? '').length > 100) {
        out.push({
          path: [...at, 'choices', k],
          code: 'BASE_TYPE_BAD_LENGTH',
          message: 'Must be between 1 and 100 in length.',
        });
      }
    });
    if (nested)
      checkOptions(out, [...at, 'options'], o.options ?? [], o.type === SUBCOMMAND_GROUP ? 'group' : 'subcommand');
  });
}

/**
 * An Entry Point command (type 4, PRIMARY_ENTRY_POINT) as Discord takes it: only for an
 * app with Activities on, only globally, one per app, its handler APP_HANDLER (1) or
 * DISCORD_LAUNCH_ACTIVITY (2), a description like a slash command's, and no options.
 * https://discord.com/developers/docs/interactions/application-commands#entry-point-commands
 */
function checkEntryPoint(
  out: FieldError[],
  ctx: RouteContext,
  command: CommandBody,
  i: number,
  guildId: string | null,
  entryPointsBefore: number,
): void {
  const invalid = (path: (string | number)[], code: string, message: string) =>
    out.push({ path: [i, ...path], code, message });
  if (!ctx.activities.enabled) {
    invalid(['type'], 'APPLICATION_COMMAND_TYPE_INVALID', 'Entry Point commands need Activities enabled');
  }
  if (guildId !== null) {
    invalid(['type'], 'APPLICATION_COMMAND_TYPE_INVALID', 'Entry Point commands can only be global');
  }
  if (entryPointsBefore > 0) {
    invalid(['type'], 'APPLICATION_COMMAND_TOO_MANY_ENTRY_POINTS', 'An application may have one Entry Point command');
  }
  const handler = (command as { handler?: unknown }).handler;
  if (handler !== undefined && handler !== 1 && handler !== 2) {
    invalid(['handler'], 'ENUM_TYPE_COERCE', `Value "${String(handler)}" is not a valid enum value.`);
  }
  if ((command.options ?? []).length > 0) {
    invalid(['options'], 'BASE_TYPE_MAX_LENGTH', 'Must be 0 or fewer in length.');
  }
}

function checkCommands(ctx: RouteContext, body: unknown, guildId: string | null): CommandBody[] {
  if (!Array.isArray(body)) {
    throw errors.invalidFormBody([{ path: [], code: 'BASE_TYPE_ARRAY', message: 'Must be an array.' }]);
  }
  const problems: FieldError[] = [];
  if (body.length > 100)
    problems.push({ path: [], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 100 or fewer in length.' });
  const seen = new Set<string>();
  let entryPoints = 0;
  (body as CommandBody[]).forEach((command, i) => {
    const type = command.type ?? ApplicationCommandType.ChatInput;
    const name = command.name ?? '';
    const chatInput = type === ApplicationCommandType.ChatInput;
    const entryPoint = type === ApplicationCommandType.PrimaryEntryPoint;
    if (entryPoint) checkEntryPoint(problems, ctx, command, i, guildId, entryPoints++);
    if (!commandName.test(name) || (chatInput && name !== name.toLowerCase())) {
      problems.push({
        path: [i, 'name'],
        code: 'APPLICATION_COMMAND_INVALID_NAME',
        message: 'Command name is invalid',
      });
    }
    const key = `${type}:${name}`;
    if (seen.has(key)) {
      problems.push({
        path: [i, 'name'],
        code: 'APPLICATION_COMMANDS_DUPLICATE_NAME',
        message: 'Application command names must be unique',
      });
    }
    seen.add(key);
    const description = command.description ?? '';
    if ((chatInput || entryPoint) && (description.length < 1 || description.length > 100)) {
      problems.push({
        path: [i, 'description'],
        code: 'BASE_TYPE_BAD_LENGTH',
        message: 'Must be between 1 and 100 in length.',
      });
    }
    if (chatInput) {
      checkNodeLocalizations(problems, [i], command as LooseOption);
      checkOptions(problems, [i, 'options'], command.options ?? [], 'command');
    }
    const characters = commandCharacters(command as LooseOption);
    if (characters > COMMAND_CHARACTERS_MAX) {
      problems.push({
        path: [i],
        code: 'APPLICATION_COMMAND_TOO_LARGE',
        message: `Command exceeds maximum size (${COMMAND_CHARACTERS_MAX})`,
      });
    }
  });
  if (problems.length > 0) throw errors.invalidFormBody(problems);
  return body as CommandBody[];
}

/**
 * Bulk overwrite: the new list replaces the old. A command keeps its id when a command
 * of the same type and name existed, as in Discord; every command gets a new version.
 */
function overwrite(ctx: RouteContext, existing: APIApplicationCommand[], body: unknown, guildId: string | null) {
  return checkCommands(ctx, body, guildId).map((command): APIApplicationCommand => {
    const type = command.type ?? ApplicationCommandType.ChatInput;
    const previous = existing.find((c) => c.type === type && c.name === command.name);
    return {
      id: previous?.id ?? ctx.store.ids.next(),
      application_id: ctx.bot.user.id,
      ...(guildId ? { guild_id: guildId } : {}),
      version: ctx.store.ids.next(),
      type,
      name: command.name ?? '',
      description: command.description ?? '',
      options: command.options ?? [],
      default_member_permissions: command.default_member_permissions ?? null,
      nsfw: command.nsfw ?? false,
      contexts: command.contexts ?? null,
      integration_types: command.integration_types ?? [0],
      // An Entry Point's handler: the app answers it (1, the default), or Discord launches the Activity (2).
      ...(type === ApplicationCommandType.PrimaryEntryPoint
        ? { handler: (command as { handler?: number }).handler ?? 1 }
        : {}),
      ...(command.name_localizations ? { name_localizations: command.name_localizations } : {}),
      ...(command.description_localizations ? { description_localizations: command.description_localizations } : {}),
    } as APIApplicationCommand;
  });
}

function checkApplication(ctx: RouteContext, request: RestRequest): void {
  if (request.params.applicationId !== ctx.bot.user.id) {
    throw new DiscordHttpError(403, 20012, 'You are not authorized to perform this action on this application');
  }
}

export function commandRoutes(ctx: RouteContext): Route[] {
  const commands = ctx.store.commands;
  const base = { auth: 'bot', globalExempt: false } as const;
  const globalPath = '/applications/:applicationId/commands';
  const guildPath = '/applications/:applicationId/guilds/:guildId/commands';
  const guildOf = (r: RestRequest) => ctx.store.guild(r.params.guildId ?? '').id;
  return [
    {
      ...base,
      method: 'GET',
      path: globalPath,
      bucket: 'default',
      major: [],
      handle: (r) => {
        checkApplication(ctx, r);
        return ok(commands.global);
      },
    },
    {
      ...base,
      method: 'PUT',
      path: globalPath,
      bucket: 'commands-write',
      major: [],
      handle: (r) => {
        checkApplication(ctx, r);
        commands.global = overwrite(ctx, commands.global, r.body, null);
        return ok(commands.global);
      },
    },
    {
      ...base,
      method: 'GET',
      path: guildPath,
      bucket: 'default',
      major: ['guildId'],
      handle: (r) => {
        checkApplication(ctx, r);
        return ok(commands.byGuild.get(guildOf(r)) ?? []);
      },
    },
    {
      ...base,
      method: 'PUT',
      path: guildPath,
      bucket: 'commands-write',
      major: ['guildId'],
      handle: (r) => {
        checkApplication(ctx, r);
        const guildId = guildOf(r);
        const next = overwrite(ctx, commands.byGuild.get(guildId) ?? [], r.body, guildId);
        commands.byGuild.set(guildId, next);
        return ok(next);
      },
    },
  ];
}
