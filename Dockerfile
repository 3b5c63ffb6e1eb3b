# syntax=docker/dockerfile:1
# ChurchTrades in one image: the API server, compiled to JavaScript and run by node as `npm start` runs it,
# serving the built web app. Migrations run at every start; production never seeds demo data by itself.
#
#   docker build -t churchtrades .
#   docker run -p 3000:3000 -e SESSION_SECRET=… -e TOTP_ENCRYPTION_KEY=… -e DATABASE_URL=postgres://… churchtrades
#
# See compose.yaml for PostgreSQL and a mail catcher beside it, and docs/operations.md.

ARG NODE_IMAGE=node:24-bookworm-slim

# Every workspace's package.json: npm ci checks them all against package-lock.json.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# The web app and the server, built with the development tools (Vite, esbuild).
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/shared packages/shared
COPY apps/web apps/web
RUN npm run build -w @churchtrades/web
COPY apps/server apps/server
RUN npm run build -w @churchtrades/server

# Production dependencies only, native ones (sharp, argon2) for this platform. Workspaces may keep their own
# node_modules beside the root one, so the whole tree is taken over.
FROM manifests AS production-dependencies
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=production-dependencies /app ./
# The server and its command-line tools, each one file with @churchtrades/shared compiled in, and the source maps.
COPY --from=build /app/apps/server/dist apps/server/dist
COPY apps/server/drizzle apps/server/drizzle
# The demo address file, read only when demo data is seeded: never in production, but the image can also be tried
# with NODE_ENV=development.
COPY apps/server/src/db/address-import/fixture apps/server/src/db/address-import/fixture
COPY --from=build /app/apps/web/dist apps/web/dist
# The embedded database (when DATABASE_URL is unset), the outbox and the uploads live in DATA_DIR.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]
