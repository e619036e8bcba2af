#!/usr/bin/env bash
# provision.sh: make everything redis-fault-lab needs present on a Debian machine, as root.
# Idempotent: when everything is there it changes nothing and finishes in a few seconds.
#
#   a. apt packages docker.io, redis-server, redis-tools, chromium (only the missing ones;
#      chromium is the headless browser the HTML report's integration test opens)
#   b. a Docker engine that answers (starts dockerd in the background if none does)
#   c. /usr/local/bin/toxiproxy-server 2.12.0, built from source with the Go toolchain
#   d. the container images: the upstream pins (docker/redis.Dockerfile,
#      docker/toxiproxy.Dockerfile) when present locally or pullable, else offline images
#      built from the host's binaries under the project's own names:
#        redis-fault-lab/redis:offline, redis-fault-lab/toxiproxy:offline
#
# Not root, not Debian, or --check: changes nothing, says what is missing; exit 0 if all is present.
# Options:   --check    change nothing, only report
#            --verify   also smoke-test the images the lab will use (run, PING, proxy through)
# Env:       REDIS_FAULT_LAB_NO_PULL=1          never try `docker pull`
#            REDIS_FAULT_LAB_PULL_TIMEOUT=20    seconds per pull attempt
#            REDIS_FAULT_LAB_DOCKERD_FLAGS      flags for a dockerd this script starts
#                                               (default: --userland-proxy=false)
# Every line it prints goes to stderr, prefixed "provision: ".
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TOXIPROXY_VERSION=2.12.0
TOXIPROXY_BIN=/usr/local/bin/toxiproxy-server
TOXIPROXY_PKG=github.com/Shopify/toxiproxy/v2
REDIS_OFFLINE_IMAGE=redis-fault-lab/redis:offline
TOXIPROXY_OFFLINE_IMAGE=redis-fault-lab/toxiproxy:offline
DOCKERD_LOG=/var/log/redis-fault-lab-dockerd.log
DOCKERD_FLAGS=${REDIS_FAULT_LAB_DOCKERD_FLAGS---userland-proxy=false}
PULL_TIMEOUT=${REDIS_FAULT_LAB_PULL_TIMEOUT:-20}
LOCK_FILE=/run/lock/redis-fault-lab-provision.lock
# The exact Redis arguments the lab gives a Redis container (reachable from other containers).
REDIS_ARGS=(redis-server --port 6379 --bind 0.0.0.0 --protected-mode no --save "" --appendonly no)

say() { printf 'provision: %s\n' "$*" >&2; }
die() { say "ERROR: $*"; exit 1; }

CHECK_ONLY=0
VERIFY=0
for arg in "$@"; do
  case "$arg" in
    --check) CHECK_ONLY=1 ;;
    --verify) VERIFY=1 ;;
    -h | --help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2; exit 0 ;;
    *) die "unknown argument: $arg (try --help)" ;;
  esac
done

# ---------------------------------------------------------------- cleanup ----
TMP_DIRS=()
CONTAINERS=()
NETWORKS=()
TEMP_POLICY_RC=""
cleanup() {
  local c n d
  for c in "${CONTAINERS[@]+"${CONTAINERS[@]}"}"; do docker rm -f "$c" >/dev/null 2>&1 || true; done
  for n in "${NETWORKS[@]+"${NETWORKS[@]}"}"; do docker network rm "$n" >/dev/null 2>&1 || true; done
  for d in "${TMP_DIRS[@]+"${TMP_DIRS[@]}"}"; do rm -rf "$d"; done
  if [[ -n "$TEMP_POLICY_RC" ]]; then rm -f "$TEMP_POLICY_RC"; fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# new_tmp VAR: make a temp dir that cleanup removes, and put its path in VAR
# (not via $(...): a subshell could not record it for cleanup).
new_tmp() {
  local d
  d="$(mktemp -d "${TMPDIR:-/tmp}/redis-fault-lab-provision.XXXXXX")"
  TMP_DIRS+=("$d")
  printf -v "$1" '%s' "$d"
}

# ---------------------------------------------------------------- helpers ----
have() { command -v "$1" >/dev/null 2>&1; }

docker_answers() { have docker && timeout 5 docker info >/dev/null 2>&1; }

image_present() { docker image inspect "$1" >/dev/null 2>&1; }

# The image named on the first FROM line of a pin file.
pin_of() {
  local f="$1" img
  [[ -f "$f" ]] || die "pin file $f is missing"
  img="$(sed -n 's/^[[:space:]]*[Ff][Rr][Oo][Mm][[:space:]]\{1,\}\([^[:space:]]\{1,\}\).*/\1/p' "$f" | head -n 1)"
  [[ -n "$img" ]] || die "no FROM line in $f"
  printf '%s\n' "$img"
}

find_go() {
  if have go; then command -v go; elif [[ -x /usr/local/go/bin/go ]]; then echo /usr/local/go/bin/go; else return 1; fi
}

toxiproxy_ok() {
  [[ -x "$TOXIPROXY_BIN" ]] && "$TOXIPROXY_BIN" -version 2>&1 | grep -Eq "(^|[^0-9.])${TOXIPROXY_VERSION//./\\.}([^0-9.]|$)"
}

redis_version() { "${1:-redis-server}" --version 2>/dev/null | sed -n 's/.* v=\([^ ]*\).*/\1/p'; }

# The image the lab will use: the upstream pin when present locally, else the offline one.
image_for_lab() { if image_present "$1"; then echo "$1"; else echo "$2"; fi; }

# http METHOD PORT PATH [BODY]: plain HTTP/1.0 to 127.0.0.1 (no curl needed); prints the
# body, fails on a connection error or a non-2xx status.
http() {
  local resp status
  # shellcheck disable=SC2016 # the inner script expands its own arguments
  resp="$(timeout 5 bash -c '
    exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
    printf "%s %s HTTP/1.0\r\nHost: 127.0.0.1\r\nUser-Agent: redis-fault-lab-provision\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s" \
      "$2" "$3" "${#4}" "$4" >&3
    cat <&3' _ "$2" "$1" "$3" "${4-}" 2>/dev/null)" || return 1
  status="$(printf '%s\n' "$resp" | head -n 1 | awk '{print $2}')"
  printf '%s\n' "$resp" | sed '1,/^\r\{0,1\}$/d'
  [[ "$status" == 2* ]]
}

mapped_port() { docker port "$1" "$2/tcp" | sed -n 's/^127\.0\.0\.1:\([0-9]*\)$/\1/p' | head -n 1; }

wait_pong() {  # port seconds
  local i
  for ((i = 0; i < $2 * 10; i++)); do
    [[ "$(redis-cli -h 127.0.0.1 -p "$1" ping 2>/dev/null)" == PONG ]] && return 0
    sleep 0.1
  done
  return 1
}

# ------------------------------------------------------------ check-only ----
check_only() {
  local why="$1" missing=0 go
  say "$why: changing nothing, checking what is present"
  if have dockerd || docker_answers; then say "ok      docker engine binary"; else
    say "MISSING docker engine: apt-get install docker.io"; missing=1; fi
  if docker_answers; then say "ok      docker engine answers ($(docker version -f '{{.Server.Version}}' 2>/dev/null))"
  elif [[ -S /var/run/docker.sock && ! -w /var/run/docker.sock && -z "${DOCKER_HOST:-}" ]]; then
    say "MISSING access to the docker engine: /var/run/docker.sock is not writable for $(id -un) (add the user to group docker, or run as root)"; missing=1
  else
    say "MISSING a running docker engine: start it as root, e.g. setsid nohup dockerd $DOCKERD_FLAGS >>$DOCKERD_LOG 2>&1 </dev/null &"; missing=1; fi
  if have redis-server; then say "ok      redis-server $(redis_version)"; else
    say "MISSING redis-server: apt-get install redis-server"; missing=1; fi
  if have redis-cli && have redis-benchmark; then say "ok      redis-cli, redis-benchmark"; else
    say "MISSING redis-cli/redis-benchmark: apt-get install redis-tools"; missing=1; fi
  if have chromium; then say "ok      chromium (the HTML report test's headless browser)"; else
    say "MISSING chromium: apt-get install chromium"; missing=1; fi
  if toxiproxy_ok; then say "ok      $TOXIPROXY_BIN $TOXIPROXY_VERSION"; else
    go="$(find_go || echo go)"
    say "MISSING $TOXIPROXY_BIN $TOXIPROXY_VERSION: d=\$(mktemp -d) && CGO_ENABLED=0 GOBIN=\$d $go install -ldflags \"-X $TOXIPROXY_PKG.Version=$TOXIPROXY_VERSION\" $TOXIPROXY_PKG/cmd/server@v$TOXIPROXY_VERSION && install -m 0755 \$d/server $TOXIPROXY_BIN"
    missing=1
  fi
  if docker_answers; then
    local pin off
    for pair in "$(pin_of "$HERE/redis.Dockerfile") $REDIS_OFFLINE_IMAGE" "$(pin_of "$HERE/toxiproxy.Dockerfile") $TOXIPROXY_OFFLINE_IMAGE"; do
      read -r pin off <<<"$pair"
      if image_present "$pin"; then say "ok      image $pin"
      elif image_present "$off"; then say "ok      image $off (offline stand-in for $pin)"
      else say "MISSING image $pin (docker pull $pin), or its offline stand-in $off (run this script as root)"; missing=1; fi
    done
  else
    say "MISSING images: cannot check without a docker engine"
  fi
  if ((missing)); then say "something is missing: install it, or run this script as root on Debian"; exit 1; fi
  say "everything the lab needs is present"
  exit 0
}

if ((CHECK_ONLY)); then check_only "--check"; fi
if [[ "$(id -u)" != 0 ]]; then check_only "not root"; fi
if [[ ! -f /etc/debian_version ]] || ! have apt-get; then check_only "not Debian (no apt-get or /etc/debian_version)"; fi

# One provisioning at a time (npm test and npm run demo may both call this).
mkdir -p "$(dirname "$LOCK_FILE")"
exec 9>"$LOCK_FILE"
if ! flock -n 9; then
  say "another provision.sh is running: waiting for it (up to 15 min)"
  flock -w 900 9 || die "timed out waiting for $LOCK_FILE"
fi

# -------------------------------------------------------- a. apt packages ----
apt_install() {
  export DEBIAN_FRONTEND=noninteractive NEEDRESTART_SUSPEND=1 NEEDRESTART_MODE=l
  # No service may start from the install: without systemd, invoke-rc.d would start a
  # redis-server on 6379 (and a dockerd with Debian's defaults). A policy-rc.d that exits 101
  # forbids that; a policy-rc.d that is already there is left as it is.
  if [[ ! -e /usr/sbin/policy-rc.d ]]; then
    TEMP_POLICY_RC=/usr/sbin/policy-rc.d
    printf '#!/bin/sh\n# temporary, from redis-fault-lab docker/provision.sh\nexit 101\n' >"$TEMP_POLICY_RC"
    chmod 0755 "$TEMP_POLICY_RC"
  fi
  local redis_before
  redis_before="$(pgrep -x redis-server | sort || true)"
  say "apt-get update"
  apt-get update -qq >&2 || die "apt-get update failed"
  say "installing $* (apt-get)"
  apt-get install -y -qq "$@" >&2 || die "apt-get install $* failed"
  hash -r
  if [[ -n "$TEMP_POLICY_RC" ]]; then rm -f "$TEMP_POLICY_RC"; TEMP_POLICY_RC=""; fi
  # If the package's service got started anyway, stop it: the lab never uses a shared Redis.
  local pid
  for pid in $(pgrep -x redis-server || true); do
    if ! grep -qx "$pid" <<<"$redis_before"; then
      say "the install started a redis-server service (pid $pid): stopping it"
      if have systemctl && [[ -d /run/systemd/system ]]; then systemctl stop redis-server >/dev/null 2>&1 || true
      elif [[ -x /etc/init.d/redis-server ]]; then /etc/init.d/redis-server stop >/dev/null 2>&1 || true; fi
      kill "$pid" 2>/dev/null || true
    fi
  done
}

pkgs=()
if ! have docker || { ! have dockerd && ! docker_answers; }; then pkgs+=(docker.io); fi
if ! have redis-server; then pkgs+=(redis-server); fi
if ! have redis-cli || ! have redis-benchmark; then pkgs+=(redis-tools); fi
if ! have chromium; then pkgs+=(chromium); fi
if ((${#pkgs[@]})); then
  apt_install "${pkgs[@]}"
else
  say "apt packages present (dockerd, redis-server, redis-cli, redis-benchmark, chromium), nothing to do"
fi

# ------------------------------------------------------ b. docker engine ----
if docker_answers; then
  say "docker engine answers, nothing to do"
else
  if [[ -n "${DOCKER_HOST:-}" && "${DOCKER_HOST}" != unix://* ]]; then
    die "DOCKER_HOST=$DOCKER_HOST does not answer; not starting a local dockerd for a remote host"
  fi
  have dockerd || die "no dockerd binary (apt-get install docker.io)"
  # A dockerd already running for the default socket (its pidfile names a live process) may
  # just be starting: wait for it rather than start a second one.
  running_pid=""
  if [[ -z "${DOCKER_HOST:-}" || "$DOCKER_HOST" == unix:///var/run/docker.sock || "$DOCKER_HOST" == unix:///run/docker.sock ]] &&
    [[ -s /var/run/docker.pid ]] && kill -0 "$(cat /var/run/docker.pid)" 2>/dev/null; then
    running_pid="$(cat /var/run/docker.pid)"
    say "a dockerd is running (pid $running_pid) but does not answer yet: waiting for it"
  else
    # Without systemd nothing mounts cgroups; docker.io's init script uses cgroupfs-mount for that.
    if ! grep -qE '^[^ ]+ /sys/fs/cgroup[^ ]* cgroup2? ' /proc/mounts && have cgroupfs-mount; then
      say "no cgroup hierarchy mounted: running cgroupfs-mount"
      cgroupfs-mount || die "cgroupfs-mount failed"
    fi
    say "starting dockerd $DOCKERD_FLAGS in the background (log: $DOCKERD_LOG)"
    # setsid + nohup: the engine outlives this script and the terminal or CI step that ran it.
    # shellcheck disable=SC2086 # DOCKERD_FLAGS is a list of flags
    # 9>&-: the engine must not inherit (and so hold forever) this script's lock.
    setsid nohup dockerd $DOCKERD_FLAGS >>"$DOCKERD_LOG" 2>&1 </dev/null 9>&- &
    running_pid=$!
  fi
  for ((i = 0; i < 60; i++)); do
    docker_answers && break
    if ! kill -0 "$running_pid" 2>/dev/null; then
      sleep 0.5
      docker_answers && break
      tail -n 20 "$DOCKERD_LOG" >&2 || true
      die "dockerd (pid $running_pid) exited without answering (log: $DOCKERD_LOG)"
    fi
    sleep 0.5
  done
  docker_answers || { tail -n 20 "$DOCKERD_LOG" >&2 || true; die "the docker engine did not answer within 30 s (log: $DOCKERD_LOG)"; }
  say "docker engine answers ($(docker version -f '{{.Server.Version}}'))"
fi

# ------------------------------------------------------- c. toxiproxy ----
if toxiproxy_ok; then
  say "$TOXIPROXY_BIN $TOXIPROXY_VERSION present, nothing to do"
else
  GO="$(find_go)" || die "Go is needed to build toxiproxy $TOXIPROXY_VERSION (go.mod says go 1.23): install Go >= 1.23 to /usr/local/go"
  gobin=""
  new_tmp gobin
  say "building toxiproxy-server $TOXIPROXY_VERSION with $("$GO" version | awk '{print $3}') (go install $TOXIPROXY_PKG/cmd/server@v$TOXIPROXY_VERSION)"
  CGO_ENABLED=0 GOBIN="$gobin" "$GO" install -ldflags "-X $TOXIPROXY_PKG.Version=$TOXIPROXY_VERSION" \
    "$TOXIPROXY_PKG/cmd/server@v$TOXIPROXY_VERSION" >&2 || die "building toxiproxy failed"
  install -m 0755 "$gobin/server" "$TOXIPROXY_BIN"
  toxiproxy_ok || die "$TOXIPROXY_BIN -version does not say $TOXIPROXY_VERSION: $("$TOXIPROXY_BIN" -version 2>&1)"
  say "installed $TOXIPROXY_BIN ($("$TOXIPROXY_BIN" -version 2>&1))"
fi

# ----------------------------------------------------------- d. images ----
REDIS_PIN="$(pin_of "$HERE/redis.Dockerfile")"
TOXIPROXY_PIN="$(pin_of "$HERE/toxiproxy.Dockerfile")"

try_pull() {
  if [[ "${REDIS_FAULT_LAB_NO_PULL:-}" == 1 ]]; then say "REDIS_FAULT_LAB_NO_PULL=1: not pulling $1"; return 1; fi
  say "pulling $1 (timeout ${PULL_TIMEOUT}s)"
  local out
  if out="$(timeout "$PULL_TIMEOUT" docker pull -q "$1" 2>&1)"; then return 0; fi
  say "pull of $1 failed: $(printf '%s' "$out" | tail -n 1 | cut -c1-200)"
  return 1
}

# docker_build TAG CONTEXT [ARGS...]: the classic builder (FROM scratch + COPY needs nothing
# else; a 28.x client without the buildx plugin refuses BuildKit). Output only on failure.
docker_build() {
  local tag="$1" ctx="$2" out
  shift 2
  if ! out="$(DOCKER_BUILDKIT=0 docker build -t "$tag" "$@" -f "$ctx/Dockerfile" "$ctx" 2>&1)"; then
    printf '%s\n' "$out" >&2
    die "docker build of $tag failed"
  fi
}

build_redis_offline() {
  local ctx bin lib ver deb go_cmd
  new_tmp ctx
  bin=/usr/bin/redis-server
  [[ -e "$bin" ]] || bin="$(command -v redis-server)" || die "no redis-server on this host"
  mkdir -p "$ctx/rootfs/usr/local/bin" "$ctx/rootfs/data" "$ctx/rootfs/tmp"
  chmod 1777 "$ctx/rootfs/tmp"
  # /usr/bin/redis-server is a symlink to redis-check-rdb, which picks its mode from argv[0]:
  # copy the file itself under the name redis-server.
  cp -L "$bin" "$ctx/rootfs/usr/local/bin/redis-server"
  while read -r lib; do
    [[ -n "$lib" ]] || continue
    mkdir -p "$ctx/rootfs$(dirname "$lib")"
    cp -L "$lib" "$ctx/rootfs$lib"
  done < <(ldd "$bin" | awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\// {print $1}')
  if ldd "$bin" | grep -q 'not found'; then die "ldd $bin: a library is not found"; fi
  [[ -e "$ctx/rootfs/lib64/ld-linux-x86-64.so.2" ]] || [[ "$(uname -m)" != x86_64 ]] || die "dynamic loader not copied"
  go_cmd="$(find_go)" || die "Go is needed to build the offline image's entrypoint: install Go to /usr/local/go"
  (cd "$HERE/offline/redis-entrypoint" && CGO_ENABLED=0 "$go_cmd" build -trimpath -ldflags "-s -w" \
    -o "$ctx/rootfs/usr/local/bin/docker-entrypoint.sh" .) >&2 || die "building the redis entrypoint failed"
  ver="$(redis_version "$ctx/rootfs/usr/local/bin/redis-server")"
  deb="$(dpkg-query -W -f='${Package} ${Version}' redis-server 2>/dev/null || echo 'redis-server (not from dpkg)')"
  cp "$HERE/offline/redis.Dockerfile" "$ctx/Dockerfile"
  say "building $REDIS_OFFLINE_IMAGE: FROM scratch + host redis-server $ver ($deb), $(ldd "$bin" | grep -c '/') libraries"
  docker_build "$REDIS_OFFLINE_IMAGE" "$ctx" \
    --build-arg "REDIS_VERSION=$ver" --build-arg "DEBIAN_PACKAGE=$deb" --build-arg "REPLACES=$REDIS_PIN"
}

build_toxiproxy_offline() {
  local ctx
  new_tmp ctx
  cp "$TOXIPROXY_BIN" "$ctx/toxiproxy"
  cp "$HERE/offline/toxiproxy.Dockerfile" "$ctx/Dockerfile"
  say "building $TOXIPROXY_OFFLINE_IMAGE: FROM scratch + $TOXIPROXY_BIN $TOXIPROXY_VERSION"
  docker_build "$TOXIPROXY_OFFLINE_IMAGE" "$ctx" \
    --build-arg "TOXIPROXY_VERSION=$TOXIPROXY_VERSION" --build-arg "REPLACES=$TOXIPROXY_PIN"
}

# Smoke test: Redis alone answers PING on a mapped port; Toxiproxy answers /version and,
# on a user-defined network, proxies to Redis by its network alias "redis".
smoke_test() {
  local redis_img="$1" tox_img="$2" tag net r t port api listen ver
  tag="rfl-provision-$$"
  net="$tag-net"; r="$tag-redis"; t="$tag-toxiproxy"
  NETWORKS+=("$net"); CONTAINERS+=("$r" "$t")
  docker network create "$net" >/dev/null
  docker run -d --name "$r" --network "$net" --network-alias redis -p 127.0.0.1::6379 \
    "$redis_img" "${REDIS_ARGS[@]}" >/dev/null
  docker run -d --name "$t" --network "$net" -p 127.0.0.1::8474 -p 127.0.0.1::8666 "$tox_img" >/dev/null
  port="$(mapped_port "$r" 6379)"
  wait_pong "$port" 10 || { docker logs "$r" >&2 || true; return 1; }
  api="$(mapped_port "$t" 8474)"; listen="$(mapped_port "$t" 8666)"
  for ((i = 0; i < 100; i++)); do ver="$(http GET "$api" /version || true)"; [[ -n "$ver" ]] && break; sleep 0.1; done
  [[ "$ver" == *"$TOXIPROXY_VERSION"* ]] || { say "toxiproxy /version said: ${ver:-nothing}"; docker logs "$t" >&2 || true; return 1; }
  http POST "$api" /proxies '{"name":"redis","listen":"0.0.0.0:8666","upstream":"redis:6379","enabled":true}' >/dev/null ||
    { say "creating a proxy to redis:6379 failed"; return 1; }
  wait_pong "$listen" 5 || { say "no PONG through toxiproxy -> redis:6379"; docker logs "$t" >&2 || true; return 1; }
  docker rm -f "$r" "$t" >/dev/null; docker network rm "$net" >/dev/null
  say "smoke test passed: $redis_img answers PING ($(printf '%q ' "${REDIS_ARGS[@]}")); $tox_img /version $TOXIPROXY_VERSION, proxies to redis:6379 on a user network"
}

built=0
if image_present "$REDIS_PIN"; then
  say "image $REDIS_PIN present, nothing to do"
elif image_present "$REDIS_OFFLINE_IMAGE"; then
  say "image $REDIS_OFFLINE_IMAGE present (offline stand-in for $REDIS_PIN), nothing to do"
elif try_pull "$REDIS_PIN"; then
  say "pulled $REDIS_PIN"
else
  build_redis_offline; built=1
fi
if image_present "$TOXIPROXY_PIN"; then
  say "image $TOXIPROXY_PIN present, nothing to do"
elif image_present "$TOXIPROXY_OFFLINE_IMAGE"; then
  say "image $TOXIPROXY_OFFLINE_IMAGE present (offline stand-in for $TOXIPROXY_PIN), nothing to do"
elif try_pull "$TOXIPROXY_PIN"; then
  say "pulled $TOXIPROXY_PIN"
else
  build_toxiproxy_offline; built=1
fi

LAB_REDIS_IMAGE="$(image_for_lab "$REDIS_PIN" "$REDIS_OFFLINE_IMAGE")"
LAB_TOXIPROXY_IMAGE="$(image_for_lab "$TOXIPROXY_PIN" "$TOXIPROXY_OFFLINE_IMAGE")"
if ((built || VERIFY)); then
  if ! smoke_test "$LAB_REDIS_IMAGE" "$LAB_TOXIPROXY_IMAGE"; then
    if ((built)); then
      # Do not leave a broken offline image behind: the next run rebuilds it.
      if [[ "$LAB_REDIS_IMAGE" == "$REDIS_OFFLINE_IMAGE" ]]; then docker rmi "$REDIS_OFFLINE_IMAGE" >/dev/null 2>&1 || true; fi
      if [[ "$LAB_TOXIPROXY_IMAGE" == "$TOXIPROXY_OFFLINE_IMAGE" ]]; then docker rmi "$TOXIPROXY_OFFLINE_IMAGE" >/dev/null 2>&1 || true; fi
    fi
    die "smoke test of $LAB_REDIS_IMAGE + $LAB_TOXIPROXY_IMAGE failed"
  fi
fi

# ---------------------------------------------------------- h. summary ----
say "ready: docker engine $(docker version -f '{{.Server.Version}}'), redis-server $(redis_version), toxiproxy-server $("$TOXIPROXY_BIN" -version 2>&1 | awk '{print $NF}'), images $LAB_REDIS_IMAGE + $LAB_TOXIPROXY_IMAGE"
