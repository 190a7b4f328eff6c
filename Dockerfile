# syntax=docker/dockerfile:1
#
# Lookout in a container: `lookout serve` by default, `lookout worker --region <r>` (or any other
# lookout command) by argument. Data in the /data volume. Nothing here names an architecture: the
# same file builds for linux/amd64 and linux/arm64 (docker buildx build --platform ...), each stage
# running on the platform it builds for. See docs/deploy.md, "Container".
#
# The current Node LTS, slim (Debian bookworm); Node 20 reached its end of life in April 2026.
ARG NODE_IMAGE=node:24-bookworm-slim

# better-sqlite3 is a native module: npm fetches a prebuilt binary for the platform when one exists,
# and compiles it otherwise (python3, make, g++). Both dependency stages need the toolchain.
FROM ${NODE_IMAGE} AS toolchain
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app

# Compiles the server (dist/) and the dashboard (web/dist/) with every dependency.
FROM toolchain AS build
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The runtime's dependencies only, compiled on the same base image as the final stage, for its platform.
FROM toolchain AS dependencies
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=file:/data/lookout.db
WORKDIR /app
# Ping monitors run the system's `ping` (iputils): it carries the one capability it needs
# (cap_net_raw) itself, so Lookout runs as the unprivileged `node` user. Nothing else is installed.
RUN apt-get update \
  && apt-get install -y --no-install-recommends iputils-ping \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY --from=dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
# The data directory belongs to the unprivileged `node` user of the base image (uid 1000), mode
# 0700. With SQLite and no LOOKOUT_SECRET_KEY, the first start creates /data/secret.key (mode 0600).
RUN ln -s /app/dist/main.js /usr/local/bin/lookout \
  && chmod 755 /app/dist/main.js \
  && mkdir -p /data \
  && chown node:node /data \
  && chmod 700 /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /healthz answers while the process serves (/readyz also checks the database and Redis). A worker
# serves no HTTP: compose.yaml gives workers a healthcheck of their own.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["lookout"]
CMD ["serve"]
