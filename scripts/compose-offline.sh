#!/usr/bin/env bash
# The compose topology (compose.yaml: PostgreSQL, two API instances, the logging component, a mail catcher) on a
# machine without Docker Hub, from nothing, in one command: a Docker engine (Debian's docker.io, started when none
# answers), Debian's docker-compose 1.29, local images for Node.js, PostgreSQL 15 and the mail catcher built from
# Debian packages (scripts/ci/docker-engine.sh, scripts/ci/local-images.sh), the Shelfwatch image from this checkout,
# an .env with generated secrets when there is none, then `docker-compose up -d` and a wait until every instance is
# ready. docs/containers.md ("Offline, in one command") says what it does and how long it took here.
#
#   bash scripts/compose-offline.sh          # up; progress and timings on stderr, the addresses on stdout
#   bash scripts/compose-offline.sh down     # stop and remove the containers (the database volume is kept)
#
# Needs root or sudo to install Debian's packages and start dockerd the first time. An existing .env is used as it is
# (its POSTGRES_IMAGE and MAIL_IMAGE must then name images the engine has: shelfwatch/postgres:15 and
# shelfwatch/smtp-sink:ci here).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# The legacy builder talks to any engine version (Debian's engine is 20.10; the client may be newer).
export DOCKER_BUILDKIT=0
SCRIPT_START=$SECONDS
log() { printf '[compose-offline] %s\n' "$*" >&2; }
fail() { log "ERROR: $*"; exit 1; }
took() { printf '%ss' "$((SECONDS - $1))"; }
TIMINGS=()
timed() { TIMINGS+=("$1: $(took "$2")"); }
READY_TIMEOUT=${READY_TIMEOUT:-180}

# shellcheck source=scripts/ci/local-images.sh
. scripts/ci/local-images.sh

# Only .env speaks to compose: variables of the calling shell (NODE_ENV, a PORT, …) would override it.
compose() {
  local runner=("${SUDO[@]}")
  if docker version >/dev/null 2>&1; then runner=(); fi
  "${runner[@]}" env -i "PATH=$PATH" "HOME=${HOME:-/root}" ${DOCKER_HOST:+"DOCKER_HOST=$DOCKER_HOST"} \
    docker-compose --ansi never --env-file .env -f compose.yaml "$@"
}

if [ "${1:-up}" = down ]; then
  [ -f .env ] || fail "there is no .env: nothing was brought up from this folder"
  compose down --remove-orphans
  log "stopped; the database volume is kept (docker-compose down --volumes would remove it)"
  exit 0
fi
[ "${1:-up}" = up ] || fail "usage: bash scripts/compose-offline.sh [up|down]"

local_engine_and_compose
APP_IMAGE=shelfwatch:latest
local_app_image "$APP_IMAGE"
local_mail_image

# ---------------------------------------------------------------------------------------------------- .env
secret() { node -p "require('node:crypto').randomBytes($1).toString('hex')"; }
env_value() { sed -n "s/^$1=//p" .env | tail -n 1; }
if [ ! -f .env ]; then
  umask 077
  sed -e "s|^SHELFWATCH_IMAGE=.*|SHELFWATCH_IMAGE=$APP_IMAGE|" \
      -e "s|^POSTGRES_IMAGE=.*|POSTGRES_IMAGE=$POSTGRES_IMAGE|" \
      -e "s|^MAIL_IMAGE=.*|MAIL_IMAGE=$MAIL_IMAGE|" \
      -e "s|^#BASE_IMAGE=.*|BASE_IMAGE=$NODE_IMAGE|" \
      -e "s|^POSTGRES_PASSWORD=.*|POSTGRES_PASSWORD=$(secret 24)|" \
      -e "s|^JWT_SECRET=.*|JWT_SECRET=$(secret 32)|" \
      -e "s|^LOG_SHARED_SECRET=.*|LOG_SHARED_SECRET=$(secret 16)|" \
      -e "s|^LOG_VIEWER_TOKEN=.*|LOG_VIEWER_TOKEN=$(secret 16)|" \
      .env.example >.env
  umask 022
  log "wrote .env (mode 600) from .env.example: local images, generated secrets; edit it to change ports or settings"
fi
for name in POSTGRES_IMAGE MAIL_IMAGE SHELFWATCH_IMAGE; do
  image=$(env_value "$name")
  [ -n "$image" ] || fail ".env has no $name"
  "${DOCKER[@]}" image inspect "$image" >/dev/null 2>&1 \
    || fail ".env names $name=$image, which this engine does not have and cannot pull without Docker Hub: use $( [ "$name" = POSTGRES_IMAGE ] && echo "$POSTGRES_IMAGE" || { [ "$name" = MAIL_IMAGE ] && echo "$MAIL_IMAGE" || echo "$APP_IMAGE"; } )"
done

# ---------------------------------------------------------------------------------------------------- up
started=$SECONDS
compose up -d --no-build >&2 || fail "docker-compose up failed (docker-compose logs shows why)"
timed "compose up -d" "$started"

started=$SECONDS
bind=$(env_value SHELFWATCH_BIND); bind=${bind:-127.0.0.1}
[ "$bind" = 0.0.0.0 ] && bind=127.0.0.1
urls=("http://$bind:$(env_value API_1_PORT)" "http://$bind:$(env_value API_2_PORT)")
for url in "${urls[@]}"; do
  until node -e "fetch('$url/readyz', { signal: AbortSignal.timeout(3000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; do
    [ $((SECONDS - started)) -lt "$READY_TIMEOUT" ] || { compose logs --no-color --tail 30 >&2 || true; fail "$url/readyz did not answer 200 within ${READY_TIMEOUT}s"; }
    sleep 2
  done
  log "$url is ready"
done
timed "instances ready" "$started"
timed "total" "$SCRIPT_START"
log "timings: $(IFS=';'; echo "${TIMINGS[*]}" | sed 's/;/, /g')"

cat <<DONE
Shelfwatch is up: ${urls[0]}/ and ${urls[1]}/ (web UI and API), logs at http://$bind:$(env_value LOGGING_PUBLISHED_PORT)/logs (any user, LOG_VIEWER_TOKEN from .env), mail at http://127.0.0.1:$(env_value MAIL_WEB_PORT)/
A sign-in token:  docker-compose exec api-1 npm run token:prod -- <user>
Stop:             bash scripts/compose-offline.sh down
DONE
