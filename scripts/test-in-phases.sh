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

# The type check and the lint each keep one core busy for a minute or two: side by side, on a
# machine of two cores, they take the time of the longer. The type check's output follows the lint's.
typecheck_and_lint() {
  local typecheck_log status=0
  typecheck_log="$(mktemp)"
  npm run --silent typecheck >"$typecheck_log" 2>&1 &
  local typecheck=$!
  npm run --silent lint || status=$?
  wait "$typecheck" || { echo '== typecheck failed:'; status=1; }
  cat "$typecheck_log"
  rm -f "$typecheck_log"
  return "$status"
}

phase 'typecheck and lint (ESLint, Prettier, layers)' typecheck_and_lint
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
