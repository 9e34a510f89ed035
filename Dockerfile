# syntax=docker/dockerfile:1
# Build stage: compiles better-sqlite3's native module against this Node.
FROM node:22-bookworm-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
# The bot alone: packages/ (the local Discord, the playground and benchmarks) stays out.
COPY bin ./bin
COPY src ./src
COPY commands ./commands
COPY migrations ./migrations
COPY assets ./assets
COPY locales ./locales
COPY tsconfig.json ./
# The sources compiled to JavaScript (bin/build.js), the Activity's page built with them
# (served with ACTIVITY_PORT): the running bot carries no TypeScript compiler, and the
# run stage cannot write the build itself.
RUN node bin/build.js

# Run stage: no compiler, non-root, the database on a volume.
FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    DATABASE_URL=file:/data/guts.db
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
# One image, every role (docs/SCALING.md), chosen by the command:
#   start            the bot: one process, or with SHARD_COUNT (and SHARDS) the sharding
#                    manager and one child process per shard
#   rest-proxy       @discordjs/proxy on port 8080, for DISCORD_API_URL=http://HOST:8080/api
#   deploy-commands  registers the slash commands once
EXPOSE 8080
# With METRICS_PORT set (the compose file sets it), each bot process of the container
# must answer /healthz with 200; without it there is nothing to ask.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 CMD ["node", "bin/healthcheck.js"]
# --v8-pool-size=2: the Node options of every bot process (src/node-options.ts says why).
ENTRYPOINT ["node", "--v8-pool-size=2", "bin/guts.js"]
CMD ["start"]
