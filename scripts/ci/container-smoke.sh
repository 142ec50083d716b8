#!/usr/bin/env bash
# Container smoke test: builds the Shelfwatch image from the local Node.js base, starts compose.yaml's topology with
# docker-compose 1.29 (postgres, api-1, api-2, logging and a mail catcher) on local images, runs the checks of
# scripts/ci/container-smoke-checks.ts against it, and tears everything down, also on failure. Run by .ci/run after
# `npm test`; docs/containers.md ("What CI checks") says what is checked.
#
#   bash scripts/ci/container-smoke.sh        # progress and timings on stderr, one line per check on stdout
#
# Docker Hub is not assumed: the images are shelfwatch/node:20 and shelfwatch/postgres:15 from
# scripts/ci/docker-engine.sh, the application image built on the first, and shelfwatch/smtp-sink:ci (a stand-in for
# axllent/mailpit: its ports and the part of its API the checks read). compose.yaml is used as it is; the images,
# secrets, ports and settings come from a generated --env-file, as a user's .env would give them.
#
# Environment (all optional):
#   SMOKE_APP_IMAGE     tag of the application image built and run (default shelfwatch:ci)
#   SMOKE_FETCH_LEAD    seconds from `up` to the daily fetch's firing, time to get ready and arrange data (default 30)
#   SMOKE_KEEP=1        leave the topology running after the checks (then: docker-compose -p <project> down -v)
#   SMOKE_NO_CACHE=1    build the application image without Docker's layer cache (what a fresh CI machine does)
# Needs root or sudo only to install Debian's docker-compose package when it is missing. On a fresh clone it runs
# `npm ci` first (the checks use the project's tsx).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

# The legacy builder talks to any engine version (Debian's engine is 20.10; the client may be newer).
export DOCKER_BUILDKIT=0
SCRIPT_START=$SECONDS
APP_IMAGE=${SMOKE_APP_IMAGE:-shelfwatch:ci}
FETCH_LEAD=${SMOKE_FETCH_LEAD:-30}
PROJECT="shelfwatch-smoke-$$"
EMBEDDED_CONTAINER="$PROJECT-embedded"
EMBEDDED_VOLUME="$PROJECT-embedded-data"
WORK=$(mktemp -d /tmp/shelfwatch-smoke.XXXXXX)
ENV_FILE="$WORK/smoke.env"

log() { printf '[container-smoke] %s\n' "$*" >&2; }
fail() { log "ERROR: $*"; exit 1; }
took() { printf '%ss' "$((SECONDS - $1))"; }
TIMINGS=()
timed() { TIMINGS+=("$1: $(took "$2")"); }

# shellcheck source=scripts/ci/local-images.sh
. scripts/ci/local-images.sh

# ---------------------------------------------------------------------------------------- engine and tools
# The checks run with the project's own tsx: on a fresh clone, install the dependencies first, before anything is
# built or started (a missing tsx used to fail the run only after everything was up).
if [ ! -x node_modules/.bin/tsx ]; then
  started=$SECONDS
  log "node_modules/.bin/tsx is missing: installing the project's dependencies (npm ci) ..."
  npm ci --no-audit --no-fund >&2 || fail "npm ci failed: the checks need the project's development dependencies"
  timed "npm ci" "$started"
fi
local_engine_and_compose

# ---------------------------------------------------------------------------------------------------- images
local_app_image "$APP_IMAGE"
local_mail_image

# ------------------------------------------------------------------------------------------------- settings
# Free ports on the loopback interface for everything published (other work on this machine may hold 3000).
read -r API_1_PORT API_2_PORT LOGGING_PORT MAIL_PORT EMBEDDED_PORT < <(node -e '
  const net = require("node:net");
  const servers = [];
  const next = () => new Promise((resolve) => { const s = net.createServer().listen(0, "127.0.0.1", () => { servers.push(s); resolve(s.address().port); }); });
  (async () => { const ports = []; for (let i = 0; i < 5; i++) ports.push(await next()); servers.forEach((s) => s.close()); console.log(ports.join(" ")); })();')
secret() { node -p "require('node:crypto').randomBytes($1).toString('hex')"; }
JWT_SECRET=$(secret 32)
LOG_VIEWER_TOKEN=$(secret 16)
ALERT_EMAIL_TO=maintainer@shelfwatch.test

# The daily fetch fires every 2 s for 10 s, FETCH_LEAD seconds from now, within one minute (one occurrence).
fetch_at=$(( $(date +%s) + FETCH_LEAD ))
if [ $((fetch_at % 60)) -gt 48 ]; then fetch_at=$(( fetch_at - fetch_at % 60 + 60 )); fi
fetch_second=$((fetch_at % 60))
FETCH_CRON="$fetch_second-$((fetch_second + 10))/2 $((10#$(date -u -d "@$fetch_at" +%M))) $((10#$(date -u -d "@$fetch_at" +%H))) * * *"

umask 077
cat >"$ENV_FILE" <<ENV
COMPOSE_PROJECT_NAME=$PROJECT
SHELFWATCH_IMAGE=$APP_IMAGE
POSTGRES_IMAGE=$POSTGRES_IMAGE
MAIL_IMAGE=$MAIL_IMAGE
SHELFWATCH_BIND=127.0.0.1
API_1_PORT=$API_1_PORT
API_2_PORT=$API_2_PORT
LOGGING_PUBLISHED_PORT=$LOGGING_PORT
MAIL_WEB_PORT=$MAIL_PORT
POSTGRES_USER=shelfwatch
POSTGRES_DB=shelfwatch
POSTGRES_PASSWORD=$(secret 24)
JWT_SECRET=$JWT_SECRET
LOG_SHARED_SECRET=$(secret 16)
LOG_VIEWER_TOKEN=$LOG_VIEWER_TOKEN
NODE_ENV=production
DEMO_STORES=on
DEMO_STORE_SERVER=on
METADATA_SOURCES=off
STORE_MIN_INTERVAL_MS=0
FETCH_RETRIES=0
FETCH_CRON=$FETCH_CRON
LOG_FLUSH_MS=500
ALERT_EMAIL_TO=$ALERT_EMAIL_TO
ALERT_GROUP_WINDOW=2s
ENV
umask 022

# Only the env file speaks to compose: variables of the calling shell (NODE_ENV, a PORT, …) would override it.
COMPOSE=("${SUDO[@]}" env -i "PATH=$PATH" "HOME=${HOME:-/root}" ${DOCKER_HOST:+"DOCKER_HOST=$DOCKER_HOST"}
  docker-compose --ansi never --env-file "$ENV_FILE" -f compose.yaml -p "$PROJECT")
if docker version >/dev/null 2>&1; then COMPOSE=("${COMPOSE[@]:${#SUDO[@]}}"); fi

# ------------------------------------------------------------------------------------------------- teardown
UP=no
cleanup() {
  local status=$? started=$SECONDS
  trap - EXIT INT TERM
  if [ "$UP" = yes ]; then
    if [ "$status" -ne 0 ]; then
      log "checks failed; the last lines of each service:"
      "${COMPOSE[@]}" logs --no-color --tail 40 >&2 2>&1 || true
      "${DOCKER[@]}" logs --tail 40 "$EMBEDDED_CONTAINER" >&2 2>&1 || true
    fi
    if [ "${SMOKE_KEEP:-}" = 1 ]; then
      log "SMOKE_KEEP=1: left running; remove with: docker-compose --env-file $ENV_FILE -f compose.yaml -p $PROJECT down -v" \
        "&& docker rm -f $EMBEDDED_CONTAINER; docker volume rm $EMBEDDED_VOLUME; rm -r $WORK"
    else
      "${COMPOSE[@]}" down --volumes --remove-orphans --timeout 10 >/tmp/shelfwatch-smoke-down.log 2>&1 \
        || log "WARNING: docker-compose down failed (log: /tmp/shelfwatch-smoke-down.log)"
    fi
  fi
  if [ "${SMOKE_KEEP:-}" != 1 ]; then
    "${DOCKER[@]}" rm -f "$EMBEDDED_CONTAINER" >/dev/null 2>&1 || true
    "${DOCKER[@]}" volume rm "$EMBEDDED_VOLUME" >/dev/null 2>&1 || true
    rm -rf "$WORK"
  fi
  timed "teardown" "$started"
  timed "total" "$SCRIPT_START"
  log "timings: $(IFS=';'; echo "${TIMINGS[*]}" | sed 's/;/, /g')"
  if [ "$status" -eq 0 ]; then log "passed"; else log "FAILED (exit $status)"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---------------------------------------------------------------------------------------------------- up
started=$SECONDS
log "docker-compose up: project $PROJECT, api-1 on 127.0.0.1:$API_1_PORT, api-2 on :$API_2_PORT, logging on :$LOGGING_PORT, mail on :$MAIL_PORT; the daily fetch fires at $(date -u -d "@$fetch_at" +%H:%M:%S) UTC (FETCH_CRON=$FETCH_CRON)"
UP=yes
"${COMPOSE[@]}" up -d --no-build >"$WORK/up.log" 2>&1 || { cat "$WORK/up.log" >&2; fail "docker-compose up failed"; }
timed "compose up -d" "$started"
container() { local id; id=$("${COMPOSE[@]}" ps -q "$1"); [ -n "$id" ] || fail "no container for service $1"; echo "$id"; }
API_1_CONTAINER=$(container api-1)
API_2_CONTAINER=$(container api-2)
LOGGING_CONTAINER=$(container logging)
POSTGRES_CONTAINER=$(container postgres)

started=$SECONDS
SMOKE_API_URLS="http://127.0.0.1:$API_1_PORT,http://127.0.0.1:$API_2_PORT" \
SMOKE_LOGGING_URL="http://127.0.0.1:$LOGGING_PORT" \
SMOKE_MAIL_URL="http://127.0.0.1:$MAIL_PORT" \
SMOKE_JWT_SECRET="$JWT_SECRET" \
SMOKE_LOG_VIEWER_TOKEN="$LOG_VIEWER_TOKEN" \
SMOKE_ALERT_EMAIL_TO="$ALERT_EMAIL_TO" \
SMOKE_API_CONTAINERS="$API_1_CONTAINER,$API_2_CONTAINER" \
SMOKE_LOGGING_CONTAINER="$LOGGING_CONTAINER" \
SMOKE_POSTGRES_CONTAINER="$POSTGRES_CONTAINER" \
SMOKE_POSTGRES_USER=shelfwatch \
SMOKE_POSTGRES_DB=shelfwatch \
SMOKE_FETCH_AT="$(date -u -d "@$fetch_at" +%Y-%m-%dT%H:%M:%SZ)" \
SMOKE_IMAGE="$APP_IMAGE" \
SMOKE_EMBEDDED_PORT="$EMBEDDED_PORT" \
SMOKE_EMBEDDED_CONTAINER="$EMBEDDED_CONTAINER" \
SMOKE_EMBEDDED_VOLUME="$EMBEDDED_VOLUME" \
SMOKE_DOCKER="${DOCKER[*]}" \
  node_modules/.bin/tsx scripts/ci/container-smoke-checks.ts
timed "checks" "$started"
