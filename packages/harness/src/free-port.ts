import { createServer } from 'node:net';

/**
 * A TCP port free on 127.0.0.1 now, for a child process that takes its port from the
 * environment. Another process may take it before the child binds it: where the child
 * can bind port 0 and say which port it got, prefer that.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
