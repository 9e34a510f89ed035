# syntax=docker/dockerfile:1
# Build stage: compiles better-sqlite3's native module against this Node.
FROM node:22-bookworm-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY bin ./bin
COPY src ./src
COPY commands ./commands
COPY migrations ./migrations
COPY assets ./assets
COPY tsconfig.json ./

# Run stage: no compiler, non-root, the database on a volume.
FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    DATABASE_URL=file:/data/guts.db
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
ENTRYPOINT ["node", "bin/guts.js"]
CMD ["start"]
