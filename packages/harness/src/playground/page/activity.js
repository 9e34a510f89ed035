// Open table (after view.js): the bot answers LAUNCH_ACTIVITY, and the page frames its
// Activity beside the channel as Discord's client does, through the local Discord's
// stand-in client page on the Activity's origin. Each seat is its own Discord client, so
// each has its own frame; the seat on screen's is shown. Leave closes it (the seat leaves
// the instance); on a phone it takes the screen, and Back returns to the channel with the
// Activity still running.

const activity = {
  /** The bot's Activity server (/api/state): frames are loaded, and answered, there only. */
  origin: '',
  /** The open Activity by seat name: { instanceId, frame }. */
  frames: new Map(),
  /** Seats whose Activity runs while their channel is on screen (a phone's Back). */
  away: new Set(),
};

/** The Activity the bot launched for the seat on screen: framed, or shown again if it already is. */
// biome-ignore lint/correctness/noUnusedVariables: the page's scripts share one scope; view.js and app.js call it.
function openActivity(launch) {
  const name = page.seat;
  const open = activity.frames.get(name);
  activity.away.delete(name);
  if (open?.instanceId !== launch.instanceId) {
    // One Activity at a time, as in Discord: another one is left first.
    if (open) leaveActivity(name);
    const frame = el('iframe', 'activity-frame');
    frame.title = `guts Activity, as ${name}`;
    frame.dataset.seat = name;
    const url = new URL(launch.url);
    url.searchParams.set('parent_origin', location.origin);
    frame.src = url.href;
    $('activity-frames').append(frame);
    activity.frames.set(name, { instanceId: launch.instanceId, frame });
  }
  drawActivity();
}

/** `name` closes the Activity: the frame goes, and they leave the instance (the last one out ends it). */
function leaveActivity(name) {
  const open = activity.frames.get(name);
  if (!open) return;
  open.frame.remove();
  activity.frames.delete(name);
  activity.away.delete(name);
  api('/api/activity/leave', { seat: name, instanceId: open.instanceId }).catch((err) =>
    console.error(`${name} could not leave the Activity: ${err.message}`),
  );
  drawActivity();
}

/** Shows the seat on screen's Activity (if it has one and has not put it away), and only theirs. */
function drawActivity() {
  const name = page.seat;
  const open = activity.frames.get(name);
  const shown = Boolean(open) && !activity.away.has(name);
  $('activity-panel').hidden = !shown;
  document.querySelector('.app').classList.toggle('with-activity', shown);
  for (const other of activity.frames.values()) other.frame.hidden = other !== open;
  $('activity-return').hidden = !open || shown;
  $('activity-seat').textContent = open ? `as ${name}` : '';
  $('activity-back').setAttribute('aria-label', `Back to ${placeLabel()}`);
  $('activity-back-place').textContent = placeLabel();
}

$('activity-leave').addEventListener('click', () => leaveActivity(page.seat));
$('activity-back').addEventListener('click', () => {
  activity.away.add(page.seat);
  drawActivity();
});
$('activity-return').addEventListener('click', () => {
  activity.away.delete(page.seat);
  drawActivity();
});

// The SDK's authorize, as Discord's client answers it: a code the local Discord makes for
// the frame's seat, which the bot exchanges for who they are.
addEventListener('message', async (event) => {
  if (event.origin !== activity.origin || event.data?.type !== 'authorize') return;
  const entry = [...activity.frames].find(([, open]) => open.frame.contentWindow === event.source);
  if (!entry) return;
  const [seat, { instanceId }] = entry;
  let answer;
  try {
    answer = await api('/api/activity/authorize', { seat, instanceId });
  } catch (err) {
    answer = { error: err.message };
  }
  event.source.postMessage({ type: 'authorized', nonce: event.data.nonce, ...answer }, activity.origin);
});
