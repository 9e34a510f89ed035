import { DiscordSDK, RPCCloseCodes } from '@discord/embedded-app-sdk';
import type {
  MomentFrame,
  MomentMessage,
  PagePress,
  PressMessage,
  ReactionFrame,
  ReactMessage,
  ServerFrame,
  TableFrame,
} from '../frames.ts';
import { prepareCards } from './cards.ts';
import { newUi } from './dom.ts';
import { warmShowdownFonts } from './font-warm.ts';
import { Reactions } from './reactions.ts';
import { render, tick, type Ui } from './render.ts';
import { RulesPanel } from './rules-panel.ts';
import { parseServerFrame } from './server-frame.ts';
import { ShareMoment } from './share-moment.ts';
import { type Place, SOCIAL_SCOPES, Social, tableOfCustomId } from './social.ts';

/**
 * The Activity's page: Discord's SDK says who and where (authorize gives a code the
 * server exchanges; the server, not the page, decides who is who), then a ticket opens
 * the WebSocket that carries the table. Losing the socket changes nothing at the table
 * (the countdown decides, as in chat): the page gets a new ticket and a fresh snapshot.
 */

const root = document.getElementById('table') as HTMLElement;
const notice = document.getElementById('notice') as HTMLElement;
const params = new URLSearchParams(location.search);
// Discord serves an Activity at https://<application id>.discordsays.com; elsewhere (tests, a host's own page) the query says.
const clientId = /^(\d+)\.discordsays\.com$/.exec(location.hostname)?.[1] ?? params.get('client_id') ?? '';

let table: TableFrame | null = null;
let socket: WebSocket | null = null;
let session = '';
let pressNo = 0;
/** The refusal the page shows while it cannot get in. */
let refusal: string | null = null;
/** Discord's social features, once the SDK is ready; and the table the page asks for (a link's or a join's). */
let social: Social | null = null;
let place: Place = { instanceId: '', channelId: '' };
let discord: DiscordSDK | null = null;
const ui: Ui = newUi({
  press,
  close: () => discord?.close(RPCCloseCodes.CLOSE_NORMAL, 'left the table'),
  redraw: () => draw(),
  sideLaid: () => mountMoment(),
});

/** Anyone at the table may float an emote over it (a fixed set, by index). */
const reactions = new Reactions(ui, root, (emote) => {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify({ type: 'react', emote } satisfies ReactMessage));
  return true;
});

/** At game over, the standings as a picture to share; set up once the SDK is ready. */
let moment: ShareMoment | null = null;
/** Invites and reactions, in the flow under the table's actions (never over a control). */
const socialRow = Object.assign(document.createElement('div'), { className: 'social-row' });
socialRow.append(reactions.row);

/** The host's Rules (lobby and game over): real form controls over the table, its changes sent as a press. */
const rulesPanel = new RulesPanel(ui, (name, options) => {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  press(name, { options });
  return true;
});

function draw(): void {
  // A control the redraw takes away and gives back (the rules panel's) keeps the focus.
  const focused = (document.activeElement as HTMLElement | null)?.dataset.key;
  render(root, ui, table);
  rulesPanel.mount(root, table);
  if (focused && document.activeElement === document.body)
    root.querySelector<HTMLElement>(`[data-key="${CSS.escape(focused)}"]`)?.focus();
  social?.show(table);
  (root.querySelector('.bottom') ?? root).append(socialRow);
  mountMoment();
}

/** The game-over panel keeps a place for the share control beside the final standings (drawn now or in a later stage). */
function mountMoment(): void {
  moment?.mount(root.querySelector<HTMLElement>('.game-over .share-slot'), table);
}

/** Says `text` for a few seconds, or (`lasting`: why the page is refused) until the page gets in. */
function tell(text: string, lasting = false): void {
  notice.replaceChildren(Object.assign(document.createElement('span'), { textContent: text }));
  refusal = lasting ? text : null;
  if (lasting) return;
  setTimeout(() => {
    if (notice.textContent === text) notice.replaceChildren();
  }, 4000);
}

function press(name: PagePress, extra: Parameters<Ui['press']>[1] = {}): void {
  if (!socket || socket.readyState !== WebSocket.OPEN || !table) return;
  const requestId = `${Date.now().toString(36)}-${++pressNo}`;
  // A Stay or Drop names the round it was pressed in: a double click never counts in the next round.
  const round =
    (name === 'stay' || name === 'drop') && table.awaiting.round !== null ? { round: table.awaiting.round } : {};
  const message: PressMessage = {
    type: 'press',
    requestId,
    press: name,
    dealNo: table.dealNo,
    ...round,
    ...extra,
  };
  socket.send(JSON.stringify(message));
  // Shown as pending until its answer: on the button itself, at once (the next frame draws it so too).
  markPending(null);
  markPending({ requestId, key: `${name}:${extra.level ?? ''}` });
}

/** Marks the pressed button busy (`press`: its request and key), or clears the mark (null). */
function markPending(press: { requestId: string; key: string } | null): void {
  const key = press?.key ?? ui.pending?.key;
  ui.pending = press;
  const button = key ? root.querySelector<HTMLButtonElement>(`button[data-key="${CSS.escape(key)}"]`) : null;
  if (!button) return;
  if (press) button.setAttribute('aria-busy', 'true');
  else button.removeAttribute('aria-busy');
}

async function post(path: string, body: unknown, bearer?: string): Promise<Record<string, unknown>> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const why = `${path}: ${response.status} ${String(answer.error ?? '')}`;
    throw typeof answer.text === 'string' ? new Refused(why, answer.text) : new Error(why);
  }
  return answer;
}

/** A refusal the server put in the user's words (`text`). */
class Refused extends Error {
  constructor(
    why: string,
    readonly text: string,
  ) {
    super(why);
  }
}

/** Shows why the page is refused, if the server said; the page keeps trying (a user may join the instance yet). */
function sayIfRefused(err: unknown): void {
  if (err instanceof Refused) tell(err.text, true);
}

function received(frame: ServerFrame | ReactionFrame | MomentFrame): void {
  if (frame.type === 'reaction') {
    reactions.received(frame);
    return;
  }
  if (frame.type === 'moment') {
    moment?.received(frame);
    return;
  }
  // Acknowledged: taken for its step, its answer to come; the button stays marked.
  if (frame.type === 'ack') return;
  if (frame.type === 'answer') {
    if (ui.pending?.requestId === frame.requestId) markPending(null);
    if (!frame.ok && frame.text) tell(frame.text);
    return;
  }
  ui.skew = frame.now - Date.now();
  if (frame.type === 'snapshot') {
    ui.strings = frame.strings;
    ui.locale = frame.locale;
    reactions.show();
    document.documentElement.lang = frame.locale;
  }
  // A new deal or turn starts with nothing picked.
  if (frame.table?.dealNo !== table?.dealNo || frame.table?.awaiting.kind !== table?.awaiting.kind) ui.picked.clear();
  table = frame.table;
  draw();
  warmShowdownFonts(ui, table);
}

/** Asks Discord who the user is (a code the server exchanges) and opens a session with it. */
async function signIn(sdk: DiscordSDK, first: boolean): Promise<void> {
  const authorize = (scope: ('identify' | (typeof SOCIAL_SCOPES)[number])[]) =>
    sdk.commands.authorize({ client_id: clientId, response_type: 'code', state: '', prompt: 'none', scope });
  // The social features' scopes are asked for too; a user who declines them still plays, on `identify` alone.
  const { code } = await authorize(['identify', ...SOCIAL_SCOPES]).catch((err: unknown) => {
    console.warn('the social scopes were declined: signing in with identify alone', err);
    return authorize(['identify']);
  });
  const opened = (await post('api/session', { code })) as { accessToken: string; session: string };
  session = opened.session;
  if (!first) return;
  const { scopes } = await sdk.commands.authenticate({ access_token: opened.accessToken });
  social = new Social(
    sdk,
    ui,
    () => place,
    root,
    (joined) => {
      place = joined;
      // The socket of the table left behind closes; its close handler opens the joined one's.
      socket?.close();
    },
  );
  socialRow.prepend(social.bar);
  social.start(scopes).catch((err: unknown) => console.warn("Discord's social features are off", err));
}

/** Tries again a little later each time (at most 10 s), until a socket opens. */
function connectSoon(sdk: DiscordSDK, attempt: number): void {
  setTimeout(
    () =>
      void connect(sdk, attempt).catch((err: unknown) => {
        sayIfRefused(err);
        connectSoon(sdk, attempt + 1);
      }),
    Math.min(10_000, 500 * 2 ** attempt),
  );
}

async function connect(sdk: DiscordSDK, attempt = 0): Promise<void> {
  const ask = () => post('api/ticket', { instanceId: place.instanceId, channelId: place.channelId }, session);
  // A session lasts minutes: past that the page signs in again (a user just joined may also wait a few seconds).
  const ticket = await ask().catch(async (err: unknown) => {
    if (!String(err).endsWith(' session')) throw err;
    await signIn(sdk, false);
    return ask();
  });
  const path = String(ticket.socket);
  const url = new URL(path.replace(/^\//, ''), location.href);
  url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(url);
  socket = ws;
  ws.addEventListener('open', () => {
    attempt = 0;
    if (refusal !== null && notice.textContent === refusal) notice.replaceChildren();
    refusal = null;
  });
  ws.addEventListener('message', (event) => {
    const frame = parseServerFrame(String(event.data));
    // Not a frame this page knows (a page older than the bot): left unread, and said where a developer looks.
    if (frame) received(frame);
    else console.error('the bot sent a frame this page does not read', String(event.data).slice(0, 200));
  });
  ws.addEventListener('close', () => {
    if (socket !== ws) return;
    socket = null;
    // A press unanswered on a lost socket is not pending any more: the fresh snapshot says where the table is.
    markPending(null);
    root.setAttribute('aria-busy', 'true');
    // Back with a new ticket.
    connectSoon(sdk, attempt);
  });
}

async function start(): Promise<void> {
  const sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  discord = sdk;
  await sdk.ready();
  moment = new ShareMoment(ui, {
    ask: () => {
      if (!socket || socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify({ type: 'moment' } satisfies MomentMessage));
      return true;
    },
    openDialog: (mediaUrl) => sdk.commands.openShareMomentDialog({ mediaUrl }),
    // Discord's share dialog is on the web and desktop only.
    dialogHere: sdk.platform === 'desktop',
    tell: (text) => tell(text),
  });
  // A shared link's custom id names its table's channel: the page asks for that one (the server checks it is this instance's).
  place = { instanceId: sdk.instanceId, channelId: tableOfCustomId(sdk.customId)?.channelId ?? sdk.channelId ?? '' };
  await signIn(sdk, true);
  setInterval(() => tick(root, ui), 250);
  prepareCards();
  await connect(sdk).catch((err: unknown) => {
    sayIfRefused(err);
    connectSoon(sdk, 0);
  });
}

void start().catch((err: unknown) => tell(String(err)));
