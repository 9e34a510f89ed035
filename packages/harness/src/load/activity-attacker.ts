// The attacker of `activity-hostile`, in a process of its own: its floods then cost the
// bench process, where the real player and the bystander are timed, nothing. Configured
// by GUTS_ATTACK (JSON, an AttackPlan); prints how many requests or frames it sent.
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

export type Flood = 'none' | 'session' | 'ticket' | 'non-reading';

export interface AttackPlan {
  flood: Flood;
  /** The Activity's server, http://host:port. */
  base: string;
  /** The attacker's own session (a real user's, from the code exchange): tickets, sockets. */
  session: string;
  instanceId: string;
  guildId: string;
  channelId: string;
  /** How long to flood. */
  ms: number;
  /** The attacker's address, named in X-Forwarded-For (the bot trusts its loopback proxy). */
  address: string;
}

/** Requests in flight at once (the route floods), and sockets that never read. */
const FLOOD_WORKERS = 32;
const NON_READERS = 4;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function post(base: string, path: string, body: unknown, bearer: string | null, address: string) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': address,
      ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, string>;
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return answer;
}

/** Random codes at /api/session from one address, or random instance ids at /api/ticket from many. */
async function routeFlood(plan: AttackPlan, until: number): Promise<number> {
  let sent = 0;
  const worker = async () => {
    while (performance.now() < until) {
      const n = sent++;
      if (plan.flood === 'session') {
        await post(plan.base, '/api/session', { code: randomBytes(15).toString('hex') }, null, plan.address).catch(
          () => null,
        );
      } else {
        // A botnet's worth of addresses: the user's own bucket is what holds.
        const address = `198.51.${(n >> 8) & 255}.${n & 255}`;
        const body = { instanceId: `i-${1e15 + n}-gc-${plan.guildId}-${plan.channelId}`, channelId: plan.channelId };
        await post(plan.base, '/api/ticket', body, plan.session, address).catch(() => null);
      }
    }
  };
  await Promise.all(Array.from({ length: FLOOD_WORKERS }, worker));
  return sent;
}

/**
 * Sockets that flood presses and never read a byte of what they are sent: each opened with
 * a fresh ticket, then written to as fast as its connection takes it; closed by the bot,
 * another is opened as soon as the bot lets it.
 */
async function nonReading(plan: AttackPlan, until: number): Promise<number> {
  let sent = 0;
  const press = (n: number) => JSON.stringify({ type: 'press', requestId: `x${n}`, press: 'leave', dealNo: 0 });
  const flooder = async () => {
    while (performance.now() < until) {
      let path: string;
      try {
        const asked = { instanceId: plan.instanceId, channelId: plan.channelId };
        path = (await post(plan.base, '/api/ticket', asked, plan.session, plan.address)).socket as string;
      } catch {
        await sleep(500); // refused for now (its tickets or sockets at their cap): again shortly
        continue;
      }
      let tcp: Socket | null = null;
      const ws = new WebSocket(`${plan.base.replace(/^http/, 'ws')}${path}`);
      // The connection itself, to stop reading from it.
      ws.once('upgrade', (response) => {
        tcp = response.socket;
      });
      ws.on('error', () => {});
      const opened = await new Promise<boolean>((resolve) => {
        ws.once('open', () => resolve(true));
        ws.once('close', () => resolve(false));
      });
      if (!opened) continue;
      (tcp as Socket | null)?.pause();
      let open = true;
      // Not reading, it learns the bot closed it when a write fails.
      (tcp as Socket | null)?.once('close', () => {
        open = false;
      });
      while (open && performance.now() < until) {
        ws.send(press(sent++));
        if (sent % 100 === 0) await sleep(0);
      }
      ws.terminate();
    }
  };
  await Promise.all(Array.from({ length: NON_READERS }, flooder));
  return sent;
}

const plan = JSON.parse(process.env.GUTS_ATTACK ?? '{}') as AttackPlan;
const until = performance.now() + plan.ms;
const sent =
  plan.flood === 'none'
    ? 0
    : plan.flood === 'non-reading'
      ? await nonReading(plan, until)
      : await routeFlood(plan, until);
process.stdout.write(`${JSON.stringify({ sent })}\n`);
process.exit(0);
