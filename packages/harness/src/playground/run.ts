import { log } from 'guts/src/log.ts';
import { DEFAULT_PLAYGROUND_PORT, startPlayground } from './index.ts';

/**
 * `npm start` without a token: the playground in the foreground until Ctrl-C. Logs
 * only warnings unless LOG_LEVEL asks for more, so the URL stays readable.
 */
export async function runPlayground(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const portText = env.PORT?.trim();
  const port = portText ? Number(portText) : DEFAULT_PLAYGROUND_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    process.stderr.write(`guts: PORT must be a port number (0-65535), got "${portText}"\n`);
    return 1;
  }
  const playgroundLog = env.LOG_LEVEL?.trim() ? log : log.child({}, { level: 'warn' });
  let playground: Awaited<ReturnType<typeof startPlayground>>;
  try {
    playground = await startPlayground({ port, log: playgroundLog });
  } catch (err) {
    const { code, message } = err as NodeJS.ErrnoException;
    const why =
      code === 'EADDRINUSE'
        ? `port ${port} is taken; set PORT to another one`
        : code === 'ERR_MODULE_NOT_FOUND'
          ? // `npm ci --omit=dev` installs the bot alone, without the local Discord's packages.
            `${message}. It needs the development install (\`npm ci\`); to run the bot, set DISCORD_TOKEN`
          : message;
    process.stderr.write(`guts: cannot start the playground: ${why}\n`);
    return 1;
  }
  process.stdout.write(
    [
      '',
      `  guts playground: open ${playground.url}`,
      '  The real bot on a local Discord, ledger in data/playground.db. Ctrl-C stops it.',
      '  To connect to real Discord: set DISCORD_TOKEN (README: "Inviting the bot to your server").',
      '',
    ].join('\n') + '\n',
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  process.stdout.write('  stopping…\n');
  await playground.stop();
  return 0;
}
