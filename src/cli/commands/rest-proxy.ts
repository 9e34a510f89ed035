import { ConfigError } from '../../config.ts';
import { readCommandLine, type Values } from '../args.ts';

export const summary =
  'run @discordjs/proxy on a port (--port, default 8080): every bot process sets DISCORD_API_URL to it';

export const DEFAULT_PROXY_PORT = 8080;

export const syntax = {
  command: 'rest-proxy',
  usage: '[--port N] [--host H]',
  details: [
    summary,
    `--port: else REST_PROXY_PORT, else ${DEFAULT_PROXY_PORT}; --host: default 0.0.0.0. The upstream is DISCORD_API_URL (Discord's by default).`,
  ],
  options: { port: { type: 'string' }, host: { type: 'string' } },
  operands: [0, 0],
} as const;

/** Where the proxy listens and what it goes on to: `--port`/`--host` as given, the rest from `env`. */
export function proxySettings(
  given: Values<typeof syntax.options>,
  env: NodeJS.ProcessEnv,
): { port: number; host: string; upstream: string | null } {
  const port = given.port ?? (env.REST_PROXY_PORT?.trim() || String(DEFAULT_PROXY_PORT));
  const host = given.host ?? '0.0.0.0';
  if (!/^\d+$/.test(port) || Number(port) > 65_535) throw new ConfigError(`the port must be 0-65535, got "${port}"`);
  const upstream = env.DISCORD_API_URL?.trim() || null;
  if (upstream && !/^https?:\/\/[^\s]+$/.test(upstream)) {
    throw new ConfigError(`DISCORD_API_URL must be an http(s) URL, got "${upstream}"`);
  }
  return { port: Number(port), host, upstream };
}

export async function run(args: string[]): Promise<number> {
  const line = readCommandLine(syntax, args);
  if (typeof line === 'number') return line;
  let options: ReturnType<typeof proxySettings>;
  try {
    options = proxySettings(line.values, process.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`guts rest-proxy: ${err.message}\n`);
    return 2;
  }
  const [{ startRestProxy }, { log }] = await Promise.all([
    import('../../shards/rest-proxy.ts'),
    import('../../log.ts'),
  ]);
  let proxy: Awaited<ReturnType<typeof startRestProxy>>;
  try {
    proxy = await startRestProxy(options);
  } catch (err) {
    process.stderr.write(
      `guts rest-proxy: could not listen on ${options.host}:${options.port}: ${(err as Error).message}\n`,
    );
    return 1;
  }
  log.info({ url: proxy.url, upstream: options.upstream ?? 'https://discord.com/api' }, 'REST proxy listening');
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      log.info({ signal }, 'REST proxy stopping');
      void proxy.close().finally(() => resolve());
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  return 0;
}
