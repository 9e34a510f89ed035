import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandBodies } from '../../src/discord/command-registry.ts';
import { awaiting } from '../../src/engine/index.ts';
import { getVariant, maxPlayersFor } from '../../src/rules/index.ts';
import { ActivityBrowser, type OpenOptions } from '../support/activity-browser.ts';
import { browserMissingLocally } from '../support/chromium.ts';

const WAIT = { timeout: 20_000 };

/** What the page asked of the stand-in client (activity-host.html's `window.client`). */
interface ClientSeen {
  presence: {
    details?: string;
    state?: string;
    party?: { id?: string; size?: [number, number] };
    secrets?: { join?: string };
  } | null;
  invites: number;
  shared: { message: string; custom_id: string | null; shared: boolean }[];
  moments: string[];
  subscriptions: Record<string, { channel_id?: string } | undefined>;
  scopes: string[];
}

/** Every scope the page asks for beyond `identify`: a user who declines them all still plays. */
const SOCIAL_SCOPES = 'rpc.activities.write rpc.voice.read guilds.members.read';

/**
 * Discord's social features through the real SDK (issue 55), each as the stand-in client
 * enforces Discord's rules for it: the profile's status (setActivity) and joining from it
 * (ACTIVITY_JOIN), invites where the channel allows them and a shared link where it does
 * not (a group DM), who is talking (SPEAKING_START/STOP), and each refused gracefully.
 */
describe.skipIf(browserMissingLocally)("Discord's social features in the Activity", () => {
  let at: ActivityBrowser;
  let world: ActivityBrowser['world'];
  let instanceId: string;
  const pages: Record<string, Page> = {};

  const id = (name: string) => world.user(name).id;
  const activity = (name: string): FrameLocator => at.activity(pages[name] as Page);
  const client = (name: string) =>
    (pages[name] as Page).evaluate(() => (globalThis as unknown as { client: ClientSeen }).client);
  /** `as` opens the Activity of `instance` (default the one in #poker), kept as `name`'s page. */
  const open = async (name: string, as: string, options: OpenOptions & { instance?: string } = {}) => {
    pages[name] = await at.open(as, options.instance ?? instanceId, options);
  };

  beforeAll(async () => {
    at = await ActivityBrowser.start({ players: ['ann', 'bob', 'cat', 'eve'], pauseMs: 2500, rateLimits: 'none' });
    world = at.world;
    const lobby = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'three-card', ante: 10, timer: 300 },
    });
    await world.press('bob', lobby, 'Join').response();
    instanceId = world.discord.launchActivity(world.user('ann'), world.channel).instanceId;
    await open('ann', 'ann');
    await activity('ann')
      .locator(`.seat[data-seat="${id('bob')}"]`)
      .waitFor(WAIT);
  });

  afterAll(async () => {
    await at?.close();
  });

  it("puts the table on the player's profile: variant, deal, pot, party size and a join secret", async () => {
    const seats = maxPlayersFor(getVariant('three-card'), (await world.state()).options);
    await expect.poll(async () => (await client('ann')).presence?.party?.size).toEqual([2, seats]);
    const lobby = (await client('ann')).presence;
    expect(lobby?.details).toMatch(/Three-card guts/);
    expect(lobby?.secrets?.join).toBeTruthy();
    await activity('ann').getByRole('button', { name: 'Deal' }).click();
    await expect.poll(async () => (await client('ann')).presence?.details, WAIT).toMatch(/deal 1/);
    expect((await client('ann')).presence?.state).toMatch(/20/);
  });

  it("opens the table of a friend's profile when the player presses Join there (ACTIVITY_JOIN)", async () => {
    const lounge = world.discord.createChannel(world.guild, { name: 'lounge' });
    const elsewhere = world.discord.launchActivity(world.user('eve'), lounge);
    await open('eve', 'eve', { channel: lounge, instance: elsewhere.instanceId });
    await activity('eve').getByText('Nobody is seated.').waitFor(WAIT);
    await expect.poll(async () => (await client('eve')).subscriptions.ACTIVITY_JOIN).toBeTruthy();
    // Discord puts Eve in Ann's instance, then tells the page the secret of Ann's status.
    const secret = (await client('ann')).presence?.secrets?.join as string;
    world.discord.joinActivity(world.user('eve'), { instanceId });
    const sent = await (pages.eve as Page).evaluate(
      (s) => (globalThis as unknown as { joinFromProfile: (s: string) => boolean }).joinFromProfile(s),
      secret,
    );
    expect(sent).toBe(true);
    await activity('eve')
      .locator(`.seat[data-seat="${id('ann')}"]`)
      .waitFor(WAIT);
  });

  it('lights the seat of whoever is talking in the voice channel', async () => {
    await expect
      .poll(async () => (await client('ann')).subscriptions.SPEAKING_START?.channel_id)
      .toBe(world.channel.id);
    const speak = (on: boolean) =>
      (pages.ann as Page).evaluate(
        ([user, speaking]) =>
          (globalThis as unknown as { speak: (u: string, s: boolean) => boolean }).speak(user, speaking),
        [id('bob'), on] as [string, boolean],
      );
    expect(await speak(true)).toBe(true);
    await activity('ann')
      .locator(`.seat.speaking[data-seat="${id('bob')}"]`)
      .waitFor(WAIT);
    expect(await speak(false)).toBe(true);
    await activity('ann')
      .locator(`.seat.speaking[data-seat="${id('bob')}"]`)
      .waitFor({ state: 'detached', ...WAIT });
  });

  it('floats a reaction from anyone at the table over every page, a few at a time', async () => {
    // Eve watches Ann's table since she joined it from Ann's profile.
    const clap = activity('eve').getByRole('button', { name: 'Applause' });
    for (let i = 0; i < 5; i++) await clap.click(WAIT);
    const floating = activity('ann').locator(`.float-emote[data-from="${id('eve')}"]`);
    await expect.poll(() => floating.count()).toBe(3);
    expect(await floating.first().getAttribute('aria-label')).toBe('Applause');
    expect(await floating.first().textContent()).toBe('👏');
  });

  it("opens the invite dialog while seats are free, where @everyone may create invites (the default role's right)", async () => {
    await activity('ann').getByRole('button', { name: 'Invite friends' }).click(WAIT);
    await expect.poll(async () => (await client('ann')).invites).toBe(1);
  });

  it('offers a link to share instead where the channel refuses @everyone invites', async () => {
    // #poker takes Create Invite from @everyone (Discord's default role has it): Cat, with no overwrite of her own, may not.
    world.discord.setPermissions(world.channel, 'everyone', { deny: ['CreateInstantInvite'] });
    await open('cat', 'cat');
    await activity('cat')
      .locator(`.seat[data-seat="${id('ann')}"]`)
      .waitFor(WAIT);
    await activity('cat').getByRole('button', { name: 'Share a link to this table' }).click(WAIT);
    await expect.poll(async () => (await client('cat')).shared.length).toBe(1);
    expect(await activity('cat').getByRole('button', { name: 'Invite friends' }).count()).toBe(0);
    expect((await client('cat')).invites).toBe(0);
  });

  it('shares a link in a group DM, where invites are refused, and the link opens that table', async () => {
    // A user install brings the global commands, as in a group DM world.
    await world.bot.client.application?.commands.set(await commandBodies());
    for (const name of ['ann', 'bob']) world.discord.installApp(world.user(name));
    const friends = world.discord.createGroupDm(world.user('ann'), [world.user('bob')], { name: 'friends' });
    await world.playingIn(friends, friends, () =>
      world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card', ante: 10 } }),
    );
    const dm = world.discord.launchActivity(world.user('ann'), friends);
    await open('annDm', 'ann', { channel: friends, instance: dm.instanceId });
    await activity('annDm')
      .locator(`.seat[data-seat="${id('ann')}"]`)
      .waitFor(WAIT);
    await activity('annDm').getByRole('button', { name: 'Share a link to this table' }).click(WAIT);
    await expect.poll(async () => (await client('annDm')).shared.length).toBe(1);
    const link = (await client('annDm')).shared[0];
    expect(link?.custom_id).toBeTruthy();
    expect((await client('annDm')).invites).toBe(0);
    // Bob follows the link: Discord launches the Activity with its custom_id, and the page opens that table.
    world.discord.joinActivity(world.user('bob'), { instanceId: dm.instanceId });
    await open('bobDm', 'bob', {
      channel: friends,
      skipJoin: true,
      instance: dm.instanceId,
      query: { custom_id: String(link?.custom_id), referrer_id: id('ann') },
    });
    await activity('bobDm')
      .locator(`.seat[data-seat="${id('ann')}"]`)
      .waitFor(WAIT);
  });

  it('plays on without the status, voice or invites when the user declines those scopes', async () => {
    await open('bob', 'bob', { query: { declined_scopes: SOCIAL_SCOPES } });
    await activity('bob')
      .locator(`.seat.you[data-seat="${id('bob')}"]`)
      .waitFor(WAIT);
    const seen = await client('bob');
    expect(seen.scopes).toEqual(['identify']);
    expect(seen.presence).toBeNull();
    expect(seen.subscriptions.SPEAKING_START).toBeUndefined();
    // Without guilds.members.read the page cannot know it may invite: it offers the link.
    expect(await activity('bob').getByRole('button', { name: 'Invite friends' }).count()).toBe(0);
    expect(at.errors).toEqual([]);
  });

  it("shares the final standings as the bot's picture: in Discord's dialog, or as a link on a phone", async () => {
    await open('cat', 'cat', { query: { platform: 'mobile' } });
    // Deal 1: both stay (the loser matches the pot); deal 2: Ann stays alone and the game is over.
    const choose = (name: string, choice: 'Stay' | RegExp) =>
      activity(name).getByRole('button', { name: choice }).click(WAIT);
    await world.until((s) => awaiting(s).kind === 'declare', 30_000);
    const first = (await world.state()).dealNo;
    await choose('ann', 'Stay');
    await choose('bob', 'Stay');
    await world.until((s) => s.dealNo > first && awaiting(s).kind === 'declare', 30_000);
    await choose('ann', 'Stay');
    await choose('bob', /^Drop/);
    await world.until((s) => s.phase === 'over', 30_000);
    const share = activity('ann').locator('.game-over').getByRole('button', { name: 'Share the standings' });
    await share.click(WAIT);
    await expect.poll(async () => (await client('ann')).moments.length, WAIT).toBe(1);
    const [mediaUrl] = (await client('ann')).moments;
    expect(mediaUrl).toMatch(/\/attachments\/\d+\/\d+\/standings\.png$/);
    const picture = await fetch(String(mediaUrl));
    expect(picture.headers.get('content-type')).toBe('image/png');
    // On a phone Discord has no share dialog: the page offers the picture's link to copy.
    await (pages.cat as Page)
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: at.origin() });
    await activity('cat').getByRole('button', { name: 'Share the standings' }).click(WAIT);
    await activity('cat').getByRole('button', { name: "Copy the picture's link" }).click(WAIT);
    await activity('cat').getByText('Link copied.').waitFor(WAIT);
    const link = await activity('cat').locator('.share-moment a').getAttribute('href');
    expect(link).toBe(mediaUrl);
    expect((await client('cat')).moments).toEqual([]);
    expect(at.errors).toEqual([]);
  });
});
