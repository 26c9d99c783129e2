# syntax=docker/dockerfile:1
#
# The portal's image (docs/operations/deploy.md). Its steps are the ones npm test runs on every
# change (scripts/production-install.mjs): build with the dev dependencies, then a fresh folder
# with package.json, the lock file, dist/ and dist-server/ only, `npm ci --omit=dev`, and
# `node dist-server/index.js`. These machines cannot run containers; that test is what checks
# the recipe.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The app (dist/, the public pages prerendered) and the server bundle (dist-server/).
RUN npm run build

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
# PGlite's data when DATABASE_URL is unset, and the kept secret and signing key otherwise.
RUN mkdir -p /data && chown node:node /data
USER node
ENV HOST=0.0.0.0 DATA_DIR=/data MAIN_PORT=7700 CERT_PORT=7600
EXPOSE 7700 7600
VOLUME ["/data"]
# Ready: the database answers, migrations applied, the job runner and the event hub alive.
HEALTHCHECK --interval=10s --timeout=3s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.MAIN_PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM reaches node itself (no shell in between): /readyz turns 503, the answers under way
# finish, the live streams end with a short retry, the runs' leases are released.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist-server/index.js"]
