# Sourced by scripts/ci/container-smoke.sh and scripts/compose-offline.sh: a Docker engine, Debian's docker-compose
# and the local images a machine without Docker Hub runs the compose topology on — shelfwatch/node:20 and
# shelfwatch/postgres:15 (scripts/ci/docker-engine.sh), the application image built on the first, and
# shelfwatch/smtp-sink:ci (a stand-in for axllent/mailpit: its SMTP port and the part of its API the checks read).
# Expects `log`, `fail`, `timed` and `took` from the sourcing script; sets DOCKER (an array) and SUDO.

NODE_IMAGE=shelfwatch/node:20
POSTGRES_IMAGE=shelfwatch/postgres:15
MAIL_IMAGE=shelfwatch/smtp-sink:ci

if [ "$(id -u)" -eq 0 ]; then SUDO=(); elif command -v sudo >/dev/null; then SUDO=(sudo); else SUDO=(); fi

# The engine, the base images and docker-compose.
local_engine_and_compose() {
  local started=$SECONDS
  bash scripts/ci/docker-engine.sh >/dev/null
  DOCKER=(docker)
  docker version >/dev/null 2>&1 || DOCKER=("${SUDO[@]}" docker)
  "${DOCKER[@]}" image inspect "$NODE_IMAGE" >/dev/null 2>&1 \
    || fail "$NODE_IMAGE is missing: scripts/ci/docker-engine.sh builds it from this machine's Node.js 20 and npm"
  timed "engine and base images" "$started"
  if ! command -v docker-compose >/dev/null; then
    started=$SECONDS
    if [ "$(id -u)" -ne 0 ] && [ ${#SUDO[@]} -eq 0 ]; then fail "docker-compose is missing and installing it needs root or sudo"; fi
    log "installing Debian's docker-compose (log: /tmp/shelfwatch-apt.log)"
    { "${SUDO[@]}" apt-get update && "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends docker-compose; } \
      >>/tmp/shelfwatch-apt.log 2>&1 || { tail -n 20 /tmp/shelfwatch-apt.log >&2; fail "installing docker-compose failed"; }
    timed "installing docker-compose" "$started"
  fi
  log "$(docker-compose version --short 2>/dev/null | sed 's/^/docker-compose /')"
}

# The application image from this checkout, tagged $1, on the local Node.js base; the image the tag named before is
# removed (the build's layer cache stays).
local_app_image() {
  local tag=$1 started=$SECONDS build_log=/tmp/shelfwatch-build-app-image.log previous_id
  previous_id=$("${DOCKER[@]}" image inspect --format '{{.Id}}' "$tag" 2>/dev/null || true)
  log "building $tag on $NODE_IMAGE (log: $build_log)"
  "${DOCKER[@]}" build ${SMOKE_NO_CACHE:+--no-cache} --network host --build-arg "BASE_IMAGE=$NODE_IMAGE" -t "$tag" . >"$build_log" 2>&1 \
    || { tail -n 40 "$build_log" >&2; fail "building $tag failed (log: $build_log)"; }
  log "image $tag built in $(took "$started") ($("${DOCKER[@]}" image inspect --format '{{.Size}}' "$tag" | awk '{printf "%.0f MB", $1 / 1e6}'))"
  timed "application image" "$started"
  if [ -n "$previous_id" ] && [ "$previous_id" != "$("${DOCKER[@]}" image inspect --format '{{.Id}}' "$tag")" ]; then
    "${DOCKER[@]}" rmi "$previous_id" >/dev/null 2>&1 || true
  fi
  # The build stage's images, left untagged by the legacy builder: the newest stays (the next build's layer cache),
  # older ones go, so builds do not pile them up.
  local old
  old=$("${DOCKER[@]}" images --filter "label=shelfwatch.stage=build" --filter dangling=true --format '{{.CreatedAt}}	{{.ID}}' | sort -r | cut -f2 | tail -n +2)
  if [ -n "$old" ]; then
    # shellcheck disable=SC2086 # one id per word
    "${DOCKER[@]}" rmi $old >/dev/null 2>&1 || true
  fi
}

# The mail catcher: rebuilt when its folder changes (a label records the folder's hash, as docker-engine.sh does).
local_mail_image() {
  local started=$SECONDS sink_folder=scripts/ci/images/smtp-sink sink_hash
  sink_hash=$( (cd "$sink_folder" && find . -type f -print0 | sort -z | xargs -0 sha256sum; "${DOCKER[@]}" image inspect --format '{{.Id}}' "$NODE_IMAGE") | sha256sum | cut -c1-16)
  if [ "$("${DOCKER[@]}" image inspect --format '{{ index .Config.Labels "shelfwatch.context-hash" }}' "$MAIL_IMAGE" 2>/dev/null)" != "$sink_hash" ]; then
    "${DOCKER[@]}" build --label "shelfwatch.context-hash=$sink_hash" --build-arg "BASE_IMAGE=$NODE_IMAGE" -t "$MAIL_IMAGE" "$sink_folder" \
      >/tmp/shelfwatch-build-smtp-sink.log 2>&1 || { tail -n 20 /tmp/shelfwatch-build-smtp-sink.log >&2; fail "building $MAIL_IMAGE failed"; }
    log "image $MAIL_IMAGE built in $(took "$started")"
  fi
  timed "mail catcher image" "$started"
}
