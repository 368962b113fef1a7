# syntax=docker/dockerfile:1
# Forwardly's image (docs/operations.md): `docker build -t forwardly .`, or `docker compose up -d --build`.
# The build stage runs what CI runs (`npm run build`: the SPA, then the server's JavaScript); the image
# keeps the production dependencies and the build, and starts the server as `npm run serve` does.
ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/dist ./dist
COPY --from=build /app/build/server ./build/server
# The official image's unprivileged user owns only DATA_DIR (the mail outbox, a generated secret) and
# the asset store's mount point (a volume shared by the nodes when ASSET_STORE_DIR=/assets).
RUN mkdir -p /data /assets && chown node:node /data /assets
USER node
EXPOSE 3000
# Live only: a node whose database is away is not restarted for it (ready tells the load balancer).
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# serve.sh gives node the heap limits for the container's memory limit (docs/operations.md "Memory") and
# execs it: node is PID 1 and gets SIGTERM itself; the drain finishes within SHUTDOWN_TIMEOUT_MS (25 s by default).
STOPSIGNAL SIGTERM
CMD ["sh", "build/server/serve.sh", "build/server/main.js"]
