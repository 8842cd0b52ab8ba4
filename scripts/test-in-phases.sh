#!/usr/bin/env bash
# `npm test`: every test, phase after phase, each phase's time printed as it ends and all of them
# again at the end (docs/testing.md keeps the budget). Stops at the first phase that fails.
set -euo pipefail

phases=()
phase() {
  local name="$1"
  shift
  local started=$SECONDS
  echo "== phase: $name"
  "$@"
  phases+=("$(printf '%-28s %4d s' "$name" $((SECONDS - started)))")
  echo "== phase: $name took $((SECONDS - started)) s"
}

phase 'typecheck' npm run --silent typecheck
phase 'lint (ESLint, Prettier, layers)' npm run --silent lint
phase 'build' npm run --silent build
phase 'Vitest (unit, server on SQLite)' npx vitest run
if [ -n "${TEST_PG_URL:-}" ]; then
  phase 'Vitest (server on PostgreSQL)' npm run --silent test:server:pg
else
  echo 'TEST_PG_URL is not set: the server tests ran on SQLite only (see docs/testing.md, PostgreSQL).'
fi
phase 'Playwright' npx playwright test

echo '== npm test, by phase:'
printf '   %s\n' "${phases[@]}"
