import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { LocalDiscord, noRateLimits } from '@guts/local-discord';
import { LOADER_ARGS, moduleUrl } from 'guts/src/modules.ts';
import type { AttackPlan, Flood } from './activity-attacker.ts';
import { ActivityPlayer } from './activity-players.ts';
import { type BotProcess, measuredBot, prepareRun, startBot } from './soak.ts';

/** How long each flood runs while a real player signs in and a bystander presses. */
const FLOOD_MS = 8_000;
/** A real player signs in, then the next, this long apart; the bystander presses this often. */
const SIGN_IN_GAP_MS = 250;
const PRESS_EVERY_MS = 300;
/** The attacker's own reverse-proxy address as the bot sees it: its X-Forwarded-For names the client. */
const PROXY = '127.0.0.1';
/** The attacker's address (the players come from the proxy's own: no header). */
const ATTACKER = '203.0.113.7';

const attacker = fileURLToPath(moduleUrl('./activity-attacker', import.meta.url));

export interface HostilePhase {
  flood: Flood;
  signIns: number[];
  presses: number[];
  /** Requests (or frames) the attacker got through to the bot in the phase. */
  attackerRequests: number;
  /** The bot's resident memory (VmRSS) at its highest in the phase, MB. */
  peakResidentMb: number;
}

export interface ActivityHostileResult {
  idleResidentMb: number;
  phases: HostilePhase[];
}

const residentMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs the attacker's process (activity-attacker.ts) for its plan; how many requests or frames it sent. */
function attack(plan: AttackPlan): Promise<number> {
  if (plan.flood === 'none') return sleep(plan.ms).then(() => 0);
  const child = spawn(process.execPath, [...LOADER_ARGS, attacker], {
    env: { ...process.env, GUTS_ATTACK: JSON.stringify(plan) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += String(chunk);
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      code === 0 ? resolve((JSON.parse(out) as { sent: number }).sent) : reject(new Error(`attacker exited ${code}`)),
    );
  });
}

/**
 * The Activity under each flood issue 58 found (docs/OPERATING.md, "The Activity against
 * hostile clients"): the bot in a process of its own serves the Activity with its default
 * limits (its trusted proxy: loopback, so each attacker and player has an address of its
 * own); for `FLOOD_MS` per flood, a real player signs in again and again (session,
 * ticket, socket, snapshot) and a bystander at a lobby presses; each sign-in and press is
 * timed, and the bot's resident memory sampled from /proc.
 */
export async function activityHostile(): Promise<ActivityHostileResult> {
  const dir = mkdtempSync(join(tmpdir(), 'guts-activity-hostile-'));
  const dbUrl = `file:${join(dir, 'hostile.db')}`;
  const discord = new LocalDiscord({ rateLimits: noRateLimits });
  const { restBase } = await discord.start();
  let bot: BotProcess | null = null;
  try {
    await prepareRun(discord, restBase, dbUrl);
    const guild = discord.createGuild({ name: 'activity-hostile' });
    const channel = discord.createChannel(guild, { name: 'poker' });
    bot = await startBot({
      ...measuredBot(discord, restBase, dbUrl),
      activity: { clientSecret: discord.clientSecret, limits: { trustedProxies: [PROXY] } },
    });
    const pid = bot.pid;
    const base = `http://127.0.0.1:${(await bot.ask('sample')).activityPort}`;
    const host = discord.createUser({ name: 'host' });
    await discord
      .runCommand(host, channel, 'guts', { subcommand: 'start', options: { variant: 'three-card', timer: 300 } })
      .response(60_000);
    const bystander = await ActivityPlayer.connect(discord, base, discord.createUser({ name: 'bystander' }), channel);
    await bystander.until((table) => table !== null);
    const attacker = discord.createUser({ name: 'attacker' });
    const { instanceId } = discord.launchActivity(attacker, channel);
    // The attacker is a real user with a real session, as anyone who can open the Activity is.
    const signedIn = await fetch(`${base}/api/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ATTACKER },
      body: JSON.stringify({ code: discord.authorizeActivity(attacker) }),
    });
    const { session } = (await signedIn.json()) as { session: string };
    const plan = {
      base,
      session,
      instanceId,
      guildId: guild.id,
      channelId: channel.id,
      ms: FLOOD_MS,
      address: ATTACKER,
    };
    let players = 0;
    const phase = async (flood: Flood): Promise<HostilePhase> => {
      const until = performance.now() + FLOOD_MS;
      const sampled = { peak: residentMb(pid) };
      const sampler = setInterval(() => {
        sampled.peak = Math.max(sampled.peak, residentMb(pid));
      }, 100);
      const attacking = attack({ ...plan, flood });
      const signIns: number[] = [];
      const presses: number[] = [];
      const signing = (async () => {
        while (performance.now() < until) {
          const started = performance.now();
          const player = await ActivityPlayer.connect(
            discord,
            base,
            discord.createUser({ name: `p${players++}` }),
            channel,
          );
          await player.until((table) => table !== null);
          signIns.push(performance.now() - started);
          await player.close();
          await sleep(SIGN_IN_GAP_MS);
        }
      })();
      const pressing = (async () => {
        while (performance.now() < until) {
          presses.push((await bystander.press('leave', 0)).ms);
          await sleep(PRESS_EVERY_MS);
        }
      })();
      const [attackerRequests] = await Promise.all([attacking, signing, pressing]);
      clearInterval(sampler);
      return { flood, signIns, presses, attackerRequests, peakResidentMb: sampled.peak };
    };
    // The baseline first, then each flood; the idle figure is after the baseline's warm-up.
    const phases = [await phase('none')];
    await sleep(1_000);
    const idleResidentMb = residentMb(pid);
    for (const flood of ['session', 'ticket', 'non-reading'] as const) phases.push(await phase(flood));
    await bystander.close();
    return { idleResidentMb, phases };
  } finally {
    await bot?.stop().catch((err: unknown) => process.stderr.write(`bot did not stop cleanly: ${String(err)}\n`));
    await discord.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
