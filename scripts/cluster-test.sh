#!/usr/bin/env bash
# The cluster test (issue 13), run by .ci/run after the test command: Debian's pgbouncer and nginx
# (installed here if missing), the machine's PostgreSQL and Redis, two API replicas from this
# checkout. scripts/cluster-test.ts starts and stops everything (also on failure or Ctrl-C) and
# prints a pass/fail summary; the exit code is non-zero on failure.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v pgbouncer >/dev/null || [ -x /usr/sbin/pgbouncer ] || missing+=(pgbouncer)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

child=""
stop() { [ -n "$child" ] && kill -TERM "$child" 2>/dev/null && wait "$child" 2>/dev/null; }
trap stop INT TERM
node --import tsx scripts/cluster-test.ts "$@" &
child=$!
wait "$child"
