#!/usr/bin/env bash
# Makes sure a Docker engine answers on /var/run/docker.sock and that the local images the tests and the container
# smoke test (scripts/ci/container-smoke.sh) use exist: shelfwatch/debian:bookworm, shelfwatch/postgres:15 and
# shelfwatch/node:20 (the application image's base: this machine's Node.js 20 and npm on the Debian image).
#
#   bash scripts/ci/docker-engine.sh            # progress on stderr, `export` lines on stdout
#   eval "$(bash scripts/ci/docker-engine.sh)"  # same, and the exports land in the calling shell
#
# Idempotent: an engine that already answers is left alone, images whose tag exists (built from the same
# image folder, and for shelfwatch/node:20 the same Node.js, npm and CA bundle) are not rebuilt. Needs root or sudo only when it has to install packages or start dockerd.
# Docker Hub is not assumed to be reachable: the base image is made from Debian packages with debootstrap.
#
# Environment (all optional):
#   DEBIAN_MIRROR          Debian archive for debootstrap (default: the first Debian archive in apt's sources)
#   DOCKERD_START_TIMEOUT  seconds to wait for the engine to answer after starting dockerd (default 60)
#   DOCKERD_LOG            where dockerd's output goes (default /tmp/shelfwatch-dockerd.log)
#   NODE_IMAGE_CA_BUNDLE   CA certificates npm trusts inside shelfwatch/node:20 (default: this machine's
#                          /etc/ssl/certs/ca-certificates.crt, plus NODE_EXTRA_CA_CERTS when that is another file)
set -euo pipefail

SOCKET=/var/run/docker.sock
BASE_IMAGE=shelfwatch/debian:bookworm
POSTGRES_IMAGE=shelfwatch/postgres:15
NODE_IMAGE=shelfwatch/node:20
SUITE=bookworm
IMAGES_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/images"
DOCKERD_LOG="${DOCKERD_LOG:-/tmp/shelfwatch-dockerd.log}"
DOCKERD_START_TIMEOUT="${DOCKERD_START_TIMEOUT:-60}"
# The legacy builder talks to any engine version (Debian's engine is 20.10; the client may be newer).
export DOCKER_BUILDKIT=0

SCRIPT_START=$SECONDS
log() { printf '[docker-engine] %s\n' "$*" >&2; }
fail() { log "ERROR: $*"; exit 1; }
took() { printf '%ss' "$((SECONDS - $1))"; }

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null; then
  SUDO=(sudo)
else
  SUDO=()
fi
as_root() {
  if [ "$(id -u)" -ne 0 ] && [ ${#SUDO[@]} -eq 0 ]; then fail "need root (or sudo) to run: $*"; fi
  "${SUDO[@]}" "$@"
}

APT_UPDATED=no
APT_LOG=/tmp/shelfwatch-apt.log
apt_install() {
  local started=$SECONDS
  if [ "$APT_UPDATED" = no ]; then
    log "apt-get update (log: $APT_LOG)"
    as_root apt-get update >"$APT_LOG" 2>&1 || { tail -n 20 "$APT_LOG" >&2; fail "apt-get update failed"; }
    APT_UPDATED=yes
  fi
  log "installing Debian packages: $*"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@" >>"$APT_LOG" 2>&1 \
    || { tail -n 20 "$APT_LOG" >&2; fail "apt-get install $* failed (log: $APT_LOG)"; }
  log "installed $* in $(took "$started")"
}

engine_answers() {
  [ -S "$SOCKET" ] || return 1
  local asker=()
  # Not root and not (yet) in the docker group: the socket is root:docker 0660.
  if [ ! -w "$SOCKET" ] && [ ${#SUDO[@]} -gt 0 ]; then asker=("${SUDO[@]}" -n); fi
  "${asker[@]}" curl --silent --fail --max-time 2 --unix-socket "$SOCKET" http://localhost/_ping >/dev/null 2>&1
}

# ---------------------------------------------------------------------------------------------- engine
command -v curl >/dev/null || apt_install curl ca-certificates

if engine_answers; then
  log "a Docker engine already answers on $SOCKET"
else
  engine_started=$SECONDS
  log "no Docker engine answers on $SOCKET"
  if ! command -v dockerd >/dev/null; then
    apt_install docker.io
  fi
  if pgrep -x dockerd >/dev/null; then
    log "dockerd is already running (pid $(pgrep -x dockerd | tr '\n' ' ')); waiting for it to answer"
  else
    log "starting dockerd in the background, log: $DOCKERD_LOG"
    # setsid: dockerd outlives this script and the job that ran it.
    as_root setsid nohup dockerd >"$DOCKERD_LOG" 2>&1 </dev/null &
  fi
  dockerd_started=$SECONDS
  deadline=$((SECONDS + DOCKERD_START_TIMEOUT))
  until engine_answers; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      log "last lines of $DOCKERD_LOG:"
      tail -n 20 "$DOCKERD_LOG" >&2 2>/dev/null || true
      fail "no Docker engine answered on $SOCKET within ${DOCKERD_START_TIMEOUT}s (DOCKERD_START_TIMEOUT); dockerd log: $DOCKERD_LOG"
    fi
    if ! pgrep -x dockerd >/dev/null; then
      sleep 0.5
      if ! engine_answers && ! pgrep -x dockerd >/dev/null; then
        log "last lines of $DOCKERD_LOG:"
        tail -n 20 "$DOCKERD_LOG" >&2 2>/dev/null || true
        fail "dockerd exited before answering on $SOCKET"
      fi
    fi
    sleep 0.2
  done
  log "Docker engine answers on $SOCKET, $(took "$dockerd_started") after starting dockerd ($(took "$engine_started") in all)"
fi

command -v docker >/dev/null || fail "no docker client on PATH (Debian's docker.io package ships one)"
DOCKER=(docker)
# Without root, the socket may belong to the docker group the user is not in yet.
if ! docker version >/dev/null 2>&1; then
  if [ ${#SUDO[@]} -gt 0 ]; then DOCKER=(sudo docker); else fail "the docker client cannot talk to $SOCKET"; fi
fi
log "engine: $("${DOCKER[@]}" version --format 'Docker {{.Server.Version}} (API {{.Server.APIVersion}})' 2>/dev/null || echo unknown)"

# ---------------------------------------------------------------------------------------------- images
# A label records a hash of the image folder, so an edited Dockerfile or entrypoint gets a rebuild.
folder_hash() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16); }
image_label() { "${DOCKER[@]}" image inspect --format "{{ index .Config.Labels \"$2\" }}" "$1" 2>/dev/null; }

debian_mirror() {
  if [ -n "${DEBIAN_MIRROR:-}" ]; then echo "$DEBIAN_MIRROR"; return; fi
  local files=() mirror
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && files+=("$f")
  done
  # deb822 `URIs: <uri>` and one-line `deb [opts] <uri> <suite> ...`; the main archive ends in /debian.
  mirror=$( { grep -hE '^[[:space:]]*URIs:' "${files[@]}" 2>/dev/null | sed -E 's/^[[:space:]]*URIs:[[:space:]]*//' | tr ' ' '\n'
              grep -hE '^[[:space:]]*deb[[:space:]]' "${files[@]}" 2>/dev/null | sed -E 's/\[[^]]*\]//' | awk '{print $2}'
            } | grep -E '^https?://[^ ]*/debian/?$' | head -n 1 || true)
  echo "${mirror:-http://deb.debian.org/debian}"
}

if "${DOCKER[@]}" image inspect "$BASE_IMAGE" >/dev/null 2>&1; then
  log "image $BASE_IMAGE present, not rebuilt"
else
  started=$SECONDS
  command -v debootstrap >/dev/null || apt_install debootstrap
  mirror=$(debian_mirror)
  rootfs=$(mktemp -d /tmp/shelfwatch-rootfs.XXXXXX)
  trap 'as_root rm -rf "$rootfs"' EXIT
  log "debootstrap --variant=minbase $SUITE from $mirror"
  as_root debootstrap --variant=minbase "$SUITE" "$rootfs" "$mirror" >/tmp/shelfwatch-debootstrap.log 2>&1 \
    || { tail -n 20 /tmp/shelfwatch-debootstrap.log >&2; fail "debootstrap failed (log: /tmp/shelfwatch-debootstrap.log)"; }
  log "debootstrap done in $(took "$started"); importing as $BASE_IMAGE"
  as_root rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  as_root tar -C "$rootfs" -c . | "${DOCKER[@]}" import \
    --change 'ENV LANG=C.UTF-8' --change 'CMD ["bash"]' - "$BASE_IMAGE" >/dev/null
  as_root rm -rf "$rootfs"
  trap - EXIT
  log "image $BASE_IMAGE built in $(took "$started")"
fi

build_image() { # tag folder
  local tag=$1 folder=$2 hash started=$SECONDS
  hash=$(folder_hash "$folder")
  if [ "$(image_label "$tag" shelfwatch.context-hash)" = "$hash" ]; then
    log "image $tag present, not rebuilt"
    return
  fi
  local build_log="/tmp/shelfwatch-build-${tag//[\/:]/-}.log"
  log "building $tag from ${folder#"$PWD"/} (log: $build_log)"
  "${DOCKER[@]}" build --label "shelfwatch.context-hash=$hash" --build-arg "BASE_IMAGE=$BASE_IMAGE" \
    -t "$tag" "$folder" >"$build_log" 2>&1 \
    || { tail -n 30 "$build_log" >&2; fail "building $tag failed (log: $build_log)"; }
  log "image $tag built in $(took "$started")"
}
build_image "$POSTGRES_IMAGE" "$IMAGES_DIR/postgres"

# The application image's base where node:20-bookworm-slim cannot be pulled: this machine's Node.js binary and npm
# package folder (and the CA bundle it trusts) copied into a temporary build context beside the image folder's
# Dockerfile. The tests do not need it: a machine without Node.js 20 gets a warning, not a failure.
build_node_image() { # tag folder
  local tag=$1 folder=$2 started=$SECONDS node npm_cli npm_dir node_version npm_version bundle hash context build_log
  node=$(command -v node || true)
  npm_cli=$(command -v npm || true)
  if [ -z "$node" ] || [ -z "$npm_cli" ]; then
    log "WARNING: no node or npm on PATH; $tag not built (the container smoke test needs it)"
    return
  fi
  node=$(readlink -f "$node")
  npm_dir=$(dirname "$(dirname "$(readlink -f "$npm_cli")")")
  node_version=$("$node" --version)
  if [ "${node_version%%.*}" != v20 ]; then
    log "WARNING: $node is Node.js $node_version, not 20; $tag not built (the container smoke test needs it)"
    return
  fi
  [ -f "$npm_dir/package.json" ] || fail "cannot find npm's package folder (looked in $npm_dir)"
  npm_version=$("$node" -p "require(process.argv[1]).version" "$npm_dir/package.json")

  context=$(mktemp -d /tmp/shelfwatch-node-image.XXXXXX)
  trap 'rm -rf "$context"' EXIT
  bundle="$context/ca-certificates.crt"
  if [ -n "${NODE_IMAGE_CA_BUNDLE:-}" ]; then
    cat "$NODE_IMAGE_CA_BUNDLE" >"$bundle" || fail "cannot read NODE_IMAGE_CA_BUNDLE ($NODE_IMAGE_CA_BUNDLE)"
  else
    : >"$bundle"
    [ -r /etc/ssl/certs/ca-certificates.crt ] && cat /etc/ssl/certs/ca-certificates.crt >>"$bundle"
    if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -r "$NODE_EXTRA_CA_CERTS" ] \
      && [ "$(readlink -f "$NODE_EXTRA_CA_CERTS")" != "$(readlink -f /etc/ssl/certs/ca-certificates.crt)" ]; then
      cat "$NODE_EXTRA_CA_CERTS" >>"$bundle"
    fi
  fi
  grep -q 'BEGIN CERTIFICATE' "$bundle" \
    || fail "no CA certificates for $tag (install Debian's ca-certificates, or set NODE_IMAGE_CA_BUNDLE)"

  hash=$( { folder_hash "$folder"; echo "node $node_version npm $npm_version"; sha256sum <"$bundle"; } | sha256sum | cut -c1-16)
  if [ "$(image_label "$tag" shelfwatch.context-hash)" = "$hash" ]; then
    rm -rf "$context"
    trap - EXIT
    log "image $tag present, not rebuilt"
    return
  fi
  cp "$folder"/* "$context"/
  cp "$node" "$context/node"
  cp -a "$npm_dir" "$context/npm"
  build_log="/tmp/shelfwatch-build-${tag//[\/:]/-}.log"
  log "building $tag from ${folder#"$PWD"/} with Node.js $node_version and npm $npm_version (log: $build_log)"
  "${DOCKER[@]}" build --label "shelfwatch.context-hash=$hash" --build-arg "BASE_IMAGE=$BASE_IMAGE" \
    -t "$tag" "$context" >"$build_log" 2>&1 \
    || { tail -n 30 "$build_log" >&2; rm -rf "$context"; fail "building $tag failed (log: $build_log)"; }
  rm -rf "$context"
  trap - EXIT
  log "image $tag built in $(took "$started")"
}
build_node_image "$NODE_IMAGE" "$IMAGES_DIR/node"

log "ready in $(took "$SCRIPT_START"); tests select Testcontainers with:"
cat <<EXPORTS
export TESTCONTAINERS_POSTGRES_IMAGE=$POSTGRES_IMAGE
export TESTCONTAINERS_RYUK_DISABLED=true
EXPORTS
