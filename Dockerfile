# The testbed as a service container (docs/container.md):
#   docker build -t fleet-testbed .
#   docker run -p 3000:3000 -e FLEET_CONTROL_TOKEN=<16+ characters> -e FLEET_RATE_LIMIT=0 -v fleet-data:/data fleet-testbed
# podman keeps the HEALTHCHECK only in Docker's image format: podman build --format docker -t fleet-testbed .
ARG NODE_IMAGE=node:24-bookworm-slim
# Behind an npm mirror: --build-arg NPM_CONFIG_REGISTRY=https://npm.example.com/ (npm reads it from
# the environment of the stages that install; the default is npm's own).
ARG NPM_CONFIG_REGISTRY=https://registry.npmjs.org/

# The compiled JavaScript (dist/), built with the dev dependencies (esbuild) that the image leaves out.
FROM ${NODE_IMAGE} AS build
ARG NPM_CONFIG_REGISTRY
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --loglevel=error
COPY scripts/ scripts/
COPY cli/ cli/
COPY server/ server/
COPY simulators/ simulators/
COPY testing/ testing/
COPY client/ client/
COPY fixtures/ fixtures/
COPY schemas/ schemas/
RUN node scripts/build.mjs --js

# The production node_modules. better-sqlite3 13 carries its prebuilt binary for every platform and
# the SQLite sources: only this machine's binary is kept (the image is built per architecture), and
# opening a database here proves it loads. Source maps and type declarations serve no running process
# (a sixth of these modules' weight).
FROM ${NODE_IMAGE} AS production-modules
ARG NPM_CONFIG_REGISTRY
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund --loglevel=error \
 && cd node_modules/better-sqlite3 \
 && find prebuilds -type f ! -name "linux-$(node -p process.arch).node" -delete \
 && rm -rf deps src binding.gyp \
 && cd /app/node_modules && find . \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \) -type f -delete \
 && cd /app && node -e "new (require('better-sqlite3'))(':memory:').close()"

# The base image without what only installs or compiles packages (npm, yarn, corepack, Node's C
# headers) and without documentation: the image runs node alone. Copied whole into `scratch` below,
# since files deleted in a layer on top of the base would still weigh in the image.
FROM ${NODE_IMAGE} AS runtime-root
RUN rm -rf /usr/local/include /usr/local/lib/node_modules /usr/local/bin/npm /usr/local/bin/npx \
      /usr/local/bin/corepack /usr/local/bin/yarn /usr/local/bin/yarnpkg /opt/yarn-* \
      /usr/share/doc /usr/share/man /usr/share/info /usr/share/locale \
      /var/cache/apt /var/cache/debconf/*-old /var/lib/apt/lists/* /tmp/* /root/.npm

FROM scratch
COPY --from=runtime-root / /
# OCI labels: what registries and `docker inspect` show of the image (its version is package.json's).
ARG VERSION=1.0.0
LABEL org.opencontainers.image.title="fleet testbed" \
      org.opencontainers.image.description="Fleet Partner API testbed: the whole API on embedded SQLite with simulated ride platforms" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.licenses="MIT"
ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    FLEET_HOST=0.0.0.0 \
    FLEET_DATA_DIR=/data \
    PORT=3000
WORKDIR /app
# Modes set here, not the checkout's: one made with umask 002 gives group write, and `node` runs with
# group root (below), which could then rewrite its own entry point.
COPY --chmod=644 package.json ./
COPY --chmod=755 cli/bin.mjs cli/native-check.mjs cli/
COPY --from=production-modules /app/node_modules/ node_modules/
COPY --from=build /app/dist/ dist/
# `docker exec <container> fleet-sim …` reaches this serve (PORT and FLEET_CONTROL_TOKEN are in its
# environment). /data belongs to `node` before VOLUME, so a new volume is created writable by it; its
# group is root with the owner's rights, so an arbitrary uid in group 0 (OpenShift's default) can too,
# and setgid, so what serve makes there is group root whoever makes it: made by `node` (group node)
# without it, a volume was refused to the next pod's uid of group 0.
# `node` runs with group root as its group, as an arbitrary uid does there: a volume another uid of the
# group served (its files group root with the owner's rights) goes on with the default user too; with
# its own group, a reset there answered 503 for ever (the baseline's files were not its to open).
RUN ln -s /app/cli/bin.mjs /usr/local/bin/fleet-sim \
 && mkdir -p /data && chown node:0 /data && chmod 2775 /data
USER node:0
VOLUME /data
EXPOSE 3000
# X-Testbed-Probe: serve logs no request line for these probes (server/http/request-log.ts).
HEALTHCHECK --interval=2s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/v1/health', { headers: { 'x-testbed-probe': 'healthcheck' } }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# serve is PID 1: it handles SIGTERM and SIGINT itself (stops the simulators, closes the databases)
# and reaps the one child it starts, so no init process is needed. The young generation is capped as
# the testing library caps it (testing/serve-process.ts, docs/performance.md "Many worlds").
CMD ["node", "--max-semi-space-size=16", "/app/cli/bin.mjs", "serve"]
