import { AttachmentBuilder, DiscordAPIError } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdjustableClock, discordRateLimits } from '../../src/index.ts';
import { type Harness, specRefusals, startHarness } from '../harness.ts';

/** What Discord refuses when a bot registers commands or uploads files, refused here too. */
describe('command registration and upload limits', () => {
  let h: Harness;
  const clock = new AdjustableClock();
  beforeAll(async () => {
    h = await startHarness({ clock });
  });
  afterAll(async () => {
    await h?.close();
  });

  // Discord takes two command writes in 20 s; each registration here comes a window after
  // the last on the local Discord's clock, so discord.js never waits out a real 20 s.
  const commandWindowMs = discordRateLimits.buckets['commands-write']?.windowMs ?? 0;
  const register = (body: unknown[]) => {
    clock.advance(commandWindowMs);
    return h.client.application?.commands.set(body as never, h.guild.id);
  };
  const refusal = async (body: unknown[]) => {
    const err = await register(body)?.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DiscordAPIError);
    return JSON.stringify((err as DiscordAPIError).rawError);
  };

  it('refuses more than 25 choices, nesting beyond subcommands, misplaced required options', async () => {
    const choices = Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `v${i}` }));
    const many = { name: 'many', description: 'd', options: [{ type: 3, name: 'pick', description: 'd', choices }] };
    expect(await refusal([many])).toMatch(/25 or fewer/);
    const deep = {
      name: 'deep',
      description: 'd',
      options: [{ type: 1, name: 'sub', description: 'd', options: [{ type: 1, name: 'subsub', description: 'd' }] }],
    };
    expect(await refusal([deep])).toMatch(/mutually exclusive/);
    const order = {
      name: 'order',
      description: 'd',
      options: [
        { type: 3, name: 'a', description: 'd' },
        { type: 3, name: 'b', description: 'd', required: true },
      ],
    };
    expect(await refusal([order])).toMatch(/Required options must be placed before/);
    expect(specRefusals(h.discord)).toEqual([
      'PUT /applications/{application_id}/guilds/{guild_id}/commands request 0.options.0.choices',
      'PUT /applications/{application_id}/guilds/{guild_id}/commands request 0.options.0.options.0.type',
    ]);
  });

  it('refuses a command over 8000 characters in all', async () => {
    const sub = (i: number) => {
      return {
        type: 1,
        name: `s${i}`,
        description: 'd'.repeat(100),
        options: Array.from({ length: 4 }, (_, j) => ({
          type: 3,
          name: `o${j}`,
          description: 'd'.repeat(100),
          choices: Array.from({ length: 5 }, (_, k) => ({ name: 'n'.repeat(50), value: `${k}` })),
        })),
      };
    };
    const big = { name: 'big', description: 'd', options: Array.from({ length: 12 }, (_, i) => sub(i)) };
    expect(await refusal([big])).toMatch(/maximum size/);
  });

  // https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-naming
  // and #localization: localizations follow their field's rules, keyed by Discord's locales.
  it('refuses localized names and descriptions Discord refuses, and takes good ones', async () => {
    const withLocalized = (name: string, extra: Record<string, unknown>, option: Record<string, unknown> = {}) => ({
      name,
      description: 'd',
      ...extra,
      options: [{ type: 3, name: 'o', description: 'd', ...option }],
    });
    const good = withLocalized(
      'good',
      { name_localizations: { de: 'ort', ja: 'ルール' }, description_localizations: { fr: 'une description' } },
      {
        name_localizations: { 'pt-BR': 'opção' },
        choices: [{ name: 'a', value: 'a', name_localizations: { de: 'b' } }],
      },
    );
    await expect(register([good])).resolves.toBeDefined();
    // One registration, one fault per command: Discord names each (by index and field).
    const bad = [
      withLocalized('upper', { name_localizations: { de: 'Großbuchstaben' } }),
      withLocalized('space', { name_localizations: { de: 'mit leerzeichen' } }),
      withLocalized('long', { name_localizations: { de: 'x'.repeat(33) } }),
      withLocalized('option', {}, { name_localizations: { fr: 'Option' } }),
      withLocalized('description', { description_localizations: { de: 'd'.repeat(101) } }),
      withLocalized('locale', { name_localizations: { xx: 'ort' } }),
      withLocalized(
        'choice',
        {},
        { choices: [{ name: 'a', value: 'a', name_localizations: { ja: 'あ'.repeat(101) } }] },
      ),
      good,
    ];
    const errors = JSON.parse(await refusal(bad)).errors;
    const at = (path: (string | number)[]) => JSON.stringify(path.reduce((node, key) => node?.[key], errors));
    expect(at([0, 'name_localizations', 'de'])).toMatch(/name is invalid/);
    expect(at([1, 'name_localizations', 'de'])).toMatch(/name is invalid/);
    expect(at([2, 'name_localizations', 'de'])).toMatch(/name is invalid/);
    expect(at([3, 'options', 0, 'name_localizations', 'fr'])).toMatch(/name is invalid/);
    expect(at([4, 'description_localizations', 'de'])).toMatch(/between 1 and 100/);
    expect(at([5, 'name_localizations', 'xx'])).toMatch(/not a valid enum value/);
    expect(at([6, 'options', 0, 'choices', 0, 'name_localizations', 'ja'])).toMatch(/between 1 and 100/);
    expect(Object.keys(errors)).not.toContain('7');
    // What Discord's spec itself bounds (lengths) it refuses too; the name rule and the
    // locale keys are Discord's checks beyond the spec's schema.
    expect(specRefusals(h.discord)).toEqual([
      'PUT /applications/{application_id}/guilds/{guild_id}/commands request 2.name_localizations.de',
      'PUT /applications/{application_id}/guilds/{guild_id}/commands request 4.description_localizations.de',
      'PUT /applications/{application_id}/guilds/{guild_id}/commands request 6.options.0.choices.0.name_localizations.ja',
    ]);
  });

  it('counts only the longest localization of each text towards the 8000 characters', async () => {
    // 12 subcommands × 4 options: 48 descriptions of 100 in one language and 60 in the base.
    const sub = (i: number) => ({
      type: 1,
      name: `s${i}`,
      description: 'd',
      options: Array.from({ length: 4 }, (_, j) => ({
        type: 3,
        name: `o${j}`,
        description: 'd'.repeat(60),
        description_localizations: { de: 'd'.repeat(100), fr: 'd'.repeat(90) },
        choices: Array.from({ length: 5 }, (_, k) => ({
          name: 'n',
          value: `${k}`,
          name_localizations: { de: 'n'.repeat(50) },
        })),
      })),
    });
    const big = { name: 'big', description: 'd', options: Array.from({ length: 12 }, (_, i) => sub(i)) };
    expect(await refusal([big])).toMatch(/maximum size/);
    // The same in the base language alone fits: 60 + 5 × (1 + 1) per option.
    const plain = JSON.parse(JSON.stringify(big), (k, v) => (k.endsWith('_localizations') ? undefined : v));
    await expect(register([plain])).resolves.toBeDefined();
  });

  it('refuses more than 10 files in a message, and over 10 MiB in a request', async () => {
    const channel = await h.client.channels.fetch(h.channel.id);
    if (!channel?.isSendable()) throw new Error('no channel');
    const files = (n: number, size: number) =>
      Array.from({ length: n }, (_, i) => new AttachmentBuilder(Buffer.alloc(size, 1), { name: `f${i}.bin` }));
    await expect(channel.send({ files: files(10, 10) })).resolves.toBeDefined();
    await expect(channel.send({ files: files(11, 10) })).rejects.toThrow(/10 or fewer/);
    await expect(channel.send({ files: files(2, 6 * 1024 * 1024) })).rejects.toMatchObject({ status: 413 });
    expect(specRefusals(h.discord)).toEqual(['POST /channels/{channel_id}/messages request attachments']);
  });
});
