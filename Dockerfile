# syntax=docker/dockerfile:1
#
# The FBT presale BFF (API, live stream, RPC proxy, leader ledger) serving the built site.
#
#   docker build -t fbt-presale .                            # production image (last stage)
#   docker build --target localchain -t fbt-localchain .     # offline demo chain (compose profile)
#
# Node.js: the project's one Node, the exact version `.nvmrc` names, which `npm start` and
# `npm test` run on (a repo check keeps the two in step; the README says how to move both).
ARG NODE_IMAGE=node:26.12.1-bookworm-slim

# ---------------------------------------------------------------------------------------------
# build: every dependency (dev ones too), the compilers for the SQLite addon, the site bundle
# and the compiled BFF. Nothing of this stage but its outputs reaches the runtime image.
FROM ${NODE_IMAGE} AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# better-sqlite3 is compiled here from its source against this image's Node (its package also
# carries prebuilt Node-API builds, which `npm install` uses on a development machine).
ENV npm_config_build_from_source=true \
    npm_config_fund=false \
    npm_config_audit=false \
    npm_config_update_notifier=false
COPY . .
RUN npm ci
# The site: Vite production build with brotli/gzip copies of every text asset.
RUN npm run build -w @fbt/client
# The BFF and the workspace packages it imports, compiled into apps/bff/dist/main.mjs.
RUN node deploy/build-bff.mjs

# ---------------------------------------------------------------------------------------------
# localchain: the local Solana chain (litesvm) and the operator CLI for the compose profile
# `localchain` (offline demo). A development image: it runs TypeScript through tsx.
FROM build AS localchain
RUN mkdir -p /data /localchain && chown node:node /data /localchain
USER node
EXPOSE 8899 8900
HEALTHCHECK --interval=5s --timeout=3s --start-period=60s --retries=12 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8899/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--import", "tsx", "apps/localnet/src/main.ts", "--host", "0.0.0.0", "--data-dir", "/data"]

# ---------------------------------------------------------------------------------------------
# prod-deps: the runtime node_modules, only what the compiled BFF loads: the production
# dependencies of @fbt/bff and of the workspace packages compiled into it, with everything they
# depend on, copied from the tree installed above (the SQLite addon as built there, without its
# sources). Nothing of the site, the local chain, the operator, the program build or the dev
# tools; deploy/runtime-deps.mjs says how, and a repo check starts the BFF from such a tree.
FROM build AS prod-deps
RUN node deploy/runtime-deps.mjs --out /runtime

# ---------------------------------------------------------------------------------------------
# runtime: Node, the production node_modules, the compiled BFF and the built site. No compiler,
# no npm install, no dev dependency, no source tree; runs as the unprivileged `node` user.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    CLIENT_DIST=/app/apps/client/dist \
    DEPLOYMENT_FILE=/config/deployment.json
WORKDIR /app
COPY --from=prod-deps --chown=root:root /runtime/node_modules ./node_modules
COPY --from=build --chown=root:root /app/apps/bff/dist ./apps/bff/dist
COPY --from=build --chown=root:root /app/apps/client/dist ./apps/client/dist
# The SQLite ledger (DATABASE_PATH's default, ./data/ledger.sqlite) when DATABASE_URL is unset:
# mount a volume at /app/data. The deployment file is mounted at /config.
RUN mkdir -p /app/data /config && chown node:node /app/data
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/bff/dist/main.mjs"]
