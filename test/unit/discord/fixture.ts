import { InteractionContextType, PermissionFlagsBits, PermissionsBitField } from 'discord.js';
import { vi } from 'vitest';
import { ChatNotesByTable } from '../../../src/discord/chat-notes.ts';
import type { BotContext } from '../../../src/discord/context.ts';
import type { InteractionAnswers } from '../../../src/discord/interaction-answers.ts';
import { INVITE_PERMISSIONS } from '../../../src/discord/permissions.ts';
import { GroupDmOwners } from '../../../src/discord/rights.ts';
import { StepPipeline } from '../../../src/discord/step-pipeline.ts';
import { CommitAndPublish } from '../../../src/table/commit-and-publish.ts';
import type { Member, Place } from '../../../src/table/tables.ts';
import { ANN, PLACE, silentLog, type TablesFixture } from '../table/tables-fixture.ts';

/**
 * The Discord side for unit tests: hand-made interactions whose answers are written
 * down (vi.fn), and a `BotContext` over the table-layer fixture, with the real step
 * pipeline and fakes for the publisher, the reply tokens and the lost channels.
 */

export interface FakeInteractionOptions {
  id?: string;
  user?: Member;
  /** The name the member shows in this server, when it differs from their user name. */
  nick?: string;
  locale?: string;
  guildLocale?: string | null;
  place?: Place;
  /** A group DM: its channel is its ledger's place, and only the player's user install brings the app. */
  groupDm?: boolean;
  /** Only a player's user install brings the app to this server. */
  userInstallOnly?: boolean;
  /** Manage Server (or, with the permission bits, what the member may do). */
  manager?: boolean;
  memberPermissions?: bigint;
  /** The bot's permissions in the channel (`app_permissions`): all it asks for, unless said. */
  appPermissions?: bigint;
  customId?: string;
  /** A slash command's options by name: strings, users, members. */
  options?: Record<string, unknown>;
}

/** The message id of the reply to interaction `id` (a snowflake of its own). */
export const replyIdOf = (id: string): string => `${id}0`;

/** An interaction as the bot's handlers read it; each answer resolves with a message id and is written down. */
export function fakeInteraction(o: FakeInteractionOptions = {}) {
  const id = o.id ?? '9001';
  const user = o.user ?? ANN;
  const place = o.place ?? PLACE;
  const options = o.options ?? {};
  /** Its reply's message id: a snowflake, as the table keeps only those. */
  const message = { id: replyIdOf(id) };
  const memberPermissions =
    o.memberPermissions ?? (o.manager ? PermissionFlagsBits.ManageGuild : PermissionFlagsBits.UseExternalApps);
  return {
    id,
    applicationId: 'app',
    token: `token-${id}`,
    guildId: o.groupDm ? null : place.guildId,
    channelId: place.channelId,
    context: o.groupDm ? InteractionContextType.PrivateChannel : InteractionContextType.Guild,
    authorizingIntegrationOwners: { guildId: o.groupDm || o.userInstallOnly ? null : place.guildId },
    locale: o.locale ?? 'en-US',
    guildLocale: o.guildLocale ?? null,
    user: { id: user.id, displayName: user.name, username: user.name.toLowerCase() },
    member: o.groupDm ? null : { displayName: o.nick ?? user.name },
    memberPermissions: new PermissionsBitField(memberPermissions),
    appPermissions: new PermissionsBitField(o.appPermissions ?? INVITE_PERMISSIONS),
    channel: { isThread: () => false },
    inGuild: () => !o.groupDm,
    customId: o.customId ?? '',
    options: {
      getString: (name: string) => (options[name] as string | undefined) ?? null,
      getUser: (name: string) => options[name] ?? null,
      getMember: (name: string) => options[`${name}.member`] ?? null,
    },
    deferReply: vi.fn(async (_options?: unknown) => message),
    deferUpdate: vi.fn(async () => message),
    reply: vi.fn(async (_payload: unknown) => message),
    editReply: vi.fn(async (_payload: unknown) => message),
    followUp: vi.fn(async (_payload: unknown) => ({ id: `follow-up-${id}` })),
    showModal: vi.fn(async (_modal: unknown) => {}),
    update: vi.fn(async (_payload: unknown) => message),
  };
}
export type FakeInteraction = ReturnType<typeof fakeInteraction>;

/**
 * A press answered through a fake interaction's own methods (as discord.js's would
 * answer it), where the tests write those calls down; the bot answers over HTTP.
 */
export const answersByMethod: InteractionAnswers = {
  deferUpdate: async (i) => void (await (i as unknown as FakeAnswering).deferUpdate()),
  deferEphemeralReply: async (i) => void (await (i as unknown as FakeAnswering).deferReply({ flags: 64 })),
  updatePressed: async (i, message) => void (await (i as unknown as FakeAnswering).update(message)),
  replyEphemeral: async (i, message) => void (await (i as unknown as FakeAnswering).reply({ ...message, flags: 64 })),
};
interface FakeAnswering {
  deferUpdate(): Promise<unknown>;
  deferReply(options: unknown): Promise<unknown>;
  update(message: unknown): Promise<unknown>;
  reply(message: unknown): Promise<unknown>;
}

/** What the bot's handlers get, over the table layer of `fx`. */
export function botContext(fx: TablesFixture) {
  /** Where the chat shows each table: the real notes, saved in the fixture's database. */
  const chat = new ChatNotesByTable({ db: fx.db, tables: fx.tables, log: silentLog });
  const publisher = {
    answerPrivately: vi.fn(),
    postedBy: vi.fn(),
    /** The lobby posted: the chat shows the table there, as the real one keeps it. */
    lobbyPosted: vi.fn(async (tableId: number, messageId: string) => {
      chat.of(tableId).lobby = messageId;
      await chat.save(tableId);
    }),
    /** Posts the table message again through `post`, as the real one does, and keeps its id. */
    repostTableMessage: vi.fn(
      async (rt: { record: { id: number } }, post: (view: unknown) => Promise<{ id: string }>) => {
        const { id } = await post({ content: 'the table' });
        chat.of(rt.record.id).table = id;
        return id;
      },
    ),
    redraw: vi.fn(),
    hasLivePrivateMessage: vi.fn(() => false),
    pressedOn: vi.fn(),
  };
  /** The player's handle is what `remember` was given: the interaction it keeps. */
  const tokens = {
    remember: vi.fn((_tableId: number, userId: string, interaction: { id: string }) => ({
      handleOf: interaction.id,
      userId,
    })),
    fresh: vi.fn((_tableId: number, _userId: string): unknown => null),
  };
  const lost = { reopen: vi.fn(), markLost: vi.fn() };
  const commits = new CommitAndPublish({
    tables: fx.tables,
    listener: {
      committed: (step) => fx.heard.committed.push(step),
      publish: (step) => fx.heard.published.push(step),
    },
    log: silentLog,
  });
  const steps = new StepPipeline({
    tables: fx.tables,
    commits,
    publisher: publisher as never,
    tokens: tokens as never,
    answers: answersByMethod,
    log: silentLog,
  });
  const groupDms = new GroupDmOwners();
  const ctx = {
    db: fx.db,
    tables: fx.tables,
    publisher,
    pipeline: steps,
    commits,
    tokens,
    lost,
    log: silentLog,
    groupDms,
  } as unknown as BotContext;
  return { ctx, chat, publisher, tokens, lost, groupDms };
}
