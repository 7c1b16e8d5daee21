#!/usr/bin/env bash
# Starts a Tribuna cluster on this machine: N server nodes (separate processes, NODE_NAME node1..N on
# ports BASE_PORT..) sharing DATABASE_URL and REDIS_URL, and Debian's nginx in front of them on a loopback
# port (deploy/nginx.conf.template), non-daemon, with its own directory for pid, logs and temporary files.
# Stops everything on exit (Ctrl-C or SIGTERM): the nodes gracefully (SIGTERM), then nginx.
#
#   DATABASE_URL=postgres://... REDIS_URL=redis://127.0.0.1:6379 deploy/cluster.sh [N]
#
# Settings (environment):
#   NODES (or the first argument)  number of nodes, default 3
#   BASE_PORT     the first node's port, default 7351 (node i listens on BASE_PORT+i-1)
#   LISTEN_PORT   nginx's port on 127.0.0.1, default 8080
#   RUN_DIR       where logs, pids and nginx's files go; default a new temporary directory
#   NGINX         the nginx binary, default /usr/sbin/nginx
# Every other variable (DRAIN_TIMEOUT_MS, REDIS_PREFIX, WEB_DIST, LOG_LEVEL...) reaches every node.
# Once all answer, it prints "node <name> <pid> <port>" for each node, then "ready http://127.0.0.1:PORT".
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"

NODES="${1:-${NODES:-3}}"
BASE_PORT="${BASE_PORT:-7351}"
LISTEN_PORT="${LISTEN_PORT:-8080}"
NGINX="${NGINX:-/usr/sbin/nginx}"
NODE_BIN="$ROOT/node_modules/.bin/node"

die() { echo "cluster.sh: $*" >&2; exit 1; }
[[ "$NODES" =~ ^[1-9][0-9]*$ ]] || die "the number of nodes must be a positive whole number, got \"$NODES\""
[ -n "${DATABASE_URL:-}" ] || die "DATABASE_URL must name the PostgreSQL database the nodes share"
[ -n "${REDIS_URL:-}" ] || die "REDIS_URL must name the Redis the nodes share"
[ -x "$NGINX" ] || die "no nginx at $NGINX (apt-get install nginx)"
[ -x "$NODE_BIN" ] || die "no Node.js at $NODE_BIN (run npm ci first)"

RUN_DIR="${RUN_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/tribuna-cluster.XXXXXX")}"
mkdir -p "$RUN_DIR/nginx/tmp"
echo "run directory $RUN_DIR"

pids=()
nginx_pid=""
stopping=0
stop_all() {
  [ "$stopping" = 1 ] && return
  stopping=1
  trap - INT TERM
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  # The nodes drain (DRAIN_TIMEOUT_MS, 10 s by default); nginx stays until they are gone.
  local deadline=$((SECONDS + ${DRAIN_TIMEOUT_MS:-10000} / 1000 + 5))
  for pid in "${pids[@]}"; do
    while kill -0 "$pid" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  if [ -n "$nginx_pid" ]; then
    kill -QUIT "$nginx_pid" 2>/dev/null || true
    wait "$nginx_pid" 2>/dev/null || true
  fi
  echo "stopped"
}
trap stop_all EXIT
trap 'exit 0' INT TERM

# Waits until a URL answers 200 (the node's /readyz), or its process has exited.
wait_ready() {
  local url="$1" pid="$2" log="$3"
  "$NODE_BIN" -e '
    const [url, pid] = process.argv.slice(1);
    const alive = () => { try { process.kill(Number(pid), 0); return true; } catch { return false; } };
    const deadline = Date.now() + 120_000;
    (async () => {
      while (Date.now() < deadline && alive()) {
        try { if ((await fetch(url)).status === 200) process.exit(0); } catch {}
        await new Promise((r) => setTimeout(r, 100));
      }
      process.exit(1);
    })();' "$url" "$pid" || { tail -n 20 "$log" >&2; die "the node at $url did not become ready (log: $log)"; }
}

start_node() {
  local i="$1" port=$((BASE_PORT + $1 - 1))
  HOST=127.0.0.1 PORT="$port" NODE_NAME="node$i" TRUSTED_PROXIES="${TRUSTED_PROXIES:-127.0.0.1}" \
    "$NODE_BIN" "$ROOT/server/src/main.ts" >"$RUN_DIR/node$i.log" 2>&1 &
  pids+=("$!")
  echo "$!" >"$RUN_DIR/node$i.pid"
}

# The first node migrates the database alone; the others then start together.
start_node 1
wait_ready "http://127.0.0.1:$BASE_PORT/readyz" "${pids[0]}" "$RUN_DIR/node1.log"
for ((i = 2; i <= NODES; i++)); do start_node "$i"; done
servers=""
for ((i = 1; i <= NODES; i++)); do
  port=$((BASE_PORT + i - 1))
  wait_ready "http://127.0.0.1:$port/readyz" "${pids[$((i - 1))]}" "$RUN_DIR/node$i.log"
  servers+="    server 127.0.0.1:$port max_fails=1 fail_timeout=3s;"$'\n'
done

printf '%s' "$servers" >"$RUN_DIR/nginx/servers.conf"
sed -e "s|@PREFIX@|$RUN_DIR/nginx|g" -e "s|@LISTEN@|127.0.0.1:$LISTEN_PORT|g" "$ROOT/deploy/nginx.conf.template" >"$RUN_DIR/nginx/nginx.conf"
"$NGINX" -t -q -p "$RUN_DIR/nginx" -c "$RUN_DIR/nginx/nginx.conf" -e "$RUN_DIR/nginx/error.log"
"$NGINX" -p "$RUN_DIR/nginx" -c "$RUN_DIR/nginx/nginx.conf" -e "$RUN_DIR/nginx/error.log" &
nginx_pid=$!
wait_ready "http://127.0.0.1:$LISTEN_PORT/readyz" "$nginx_pid" "$RUN_DIR/nginx/error.log"

for ((i = 1; i <= NODES; i++)); do echo "node node$i ${pids[$((i - 1))]} $((BASE_PORT + i - 1))"; done
echo "ready http://127.0.0.1:$LISTEN_PORT"

# Runs until stopped; a node that dies (a crash, kill -9) is left dead, as in production without a
# supervisor: nginx sends its traffic to the others.
wait "$nginx_pid" || true
