import { ConfigError } from '../../config.ts';

export const summary =
  'run @discordjs/proxy on a port (--port, default 8080): every bot process sets DISCORD_API_URL to it';

export const DEFAULT_PROXY_PORT = 8080;

/** `guts rest-proxy [--port N] [--host H]`: the upstream is $DISCORD_API_URL (Discord's by default). */
export function parseProxyArgs(
  args: string[],
  env: NodeJS.ProcessEnv,
): { port: number; host: string; upstream: string | null } {
  let port = env.REST_PROXY_PORT?.trim() ? env.REST_PROXY_PORT.trim() : String(DEFAULT_PROXY_PORT);
  let host = '0.0.0.0';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = args[i + 1];
    if ((arg === '--port' || arg === '--host') && value === undefined) throw new ConfigError(`${arg} needs a value`);
    if (arg === '--port') port = value as string;
    else if (arg === '--host') host = value as string;
    else throw new ConfigError(`unknown option "${arg}" (try: --port N, --host H)`);
    i++;
  }
  if (!/^\d+$/.test(port) || Number(port) > 65_535) throw new ConfigError(`the port must be 0-65535, got "${port}"`);
  const upstream = env.DISCORD_API_URL?.trim() || null;
  if (upstream && !/^https?:\/\/[^\s]+$/.test(upstream)) {
    throw new ConfigError(`DISCORD_API_URL must be an http(s) URL, got "${upstream}"`);
  }
  return { port: Number(port), host, upstream };
}

export async function run(args: string[]): Promise<number> {
  let options: ReturnType<typeof parseProxyArgs>;
  try {
    options = parseProxyArgs(args, process.env);
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
