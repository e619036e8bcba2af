#!/usr/bin/env bash
# setup.sh: everything `npm test` and `npm run demo` need, installed when missing:
# the machine (docker/provision.sh: Docker engine, redis-server, toxiproxy-server, images)
# and the project's npm packages (npm ci, only when node_modules is missing or older than
# package-lock.json). Safe to run again: when everything is present it changes nothing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash docker/provision.sh

if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  echo "setup: installing npm packages (npm ci)" >&2
  npm ci --no-audit --no-fund
else
  echo "setup: npm packages are installed, nothing to do" >&2
fi
