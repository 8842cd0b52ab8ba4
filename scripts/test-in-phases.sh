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

# Typecheck and lint side by side: each keeps about one core busy, and together on CI's two cores
# they took 111 s where one after the other took 208 s. Each one's output is printed whole once it
# ended, and the phase fails if either did.
side_by_side() {
  local dir status=0
  dir="$(mktemp -d)"
  local -a names=() pids=()
  while [ "$#" -gt 0 ]; do
    local name="$1" script="$2"
    shift 2
    (
      started=$SECONDS
      set +e
      npm run --silent "$script" >"$dir/$script.log" 2>&1
      rc=$?
      echo "== $name: $((SECONDS - started)) s, exit $rc" >>"$dir/$script.log"
      exit "$rc"
    ) &
    names+=("$script")
    pids+=($!)
  done
  for i in "${!pids[@]}"; do
    if ! wait "${pids[$i]}"; then status=1; fi
    cat "$dir/${names[$i]}.log"
  done
  rm -rf "$dir"
  return "$status"
}

phase 'typecheck and lint (ESLint, Prettier, layers)' side_by_side typecheck typecheck 'lint (ESLint, Prettier, layers)' lint
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
