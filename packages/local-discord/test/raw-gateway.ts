import WebSocket from 'ws';

export interface Payload {
  op: number;
  t?: string | null;
  s?: number | null;
  d?: unknown;
}

/** A raw gateway client: collects payloads and the close code. */
export async function connect(url: string) {
  const socket = new WebSocket(`${url}?v=10&encoding=json`);
  const received: Payload[] = [];
  let closeCode: number | null = null;
  socket.on('message', (raw) => received.push(JSON.parse(raw.toString()) as Payload));
  socket.on('close', (code) => {
    closeCode = code;
  });
  await new Promise((resolve) => socket.once('open', resolve));
  return {
    socket,
    received,
    closeCode: () => closeCode,
    send: (payload: Payload) => socket.send(JSON.stringify(payload)),
  };
}
