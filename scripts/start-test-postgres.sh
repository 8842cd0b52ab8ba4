#!/usr/bin/env bash
# A local PostgreSQL for the server tests (TEST_DATABASE=postgres), on Debian, as root: installs
# Debian's package when missing, creates and starts a cluster when none runs, makes the role
# festa (password festa) that creates and drops the tests' databases, drops databases left behind
# by an interrupted run, and prints the maintenance URL for TEST_PG_URL on stdout (all else goes
# to stderr). Safe to run again: every step checks first.
#
#   export TEST_PG_URL="$(scripts/start-test-postgres.sh)"
set -euo pipefail

log() { echo "start-test-postgres: $*" >&2; }

if [ "$(id -u)" -ne 0 ]; then
  log "run as root (it installs and starts PostgreSQL), or set TEST_PG_URL to a server of your own"
  exit 1
fi

if ! command -v pg_lsclusters >/dev/null 2>&1 || ! compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null; then
  log "installing Debian's postgresql"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi

# The newest installed major version, and its first cluster (the package creates 'main').
version="$(find /usr/lib/postgresql -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort -n | tail -n 1)"
if [ -z "$(pg_lsclusters -h | awk -v v="$version" '$1 == v')" ]; then
  log "creating cluster $version/main"
  pg_createcluster "$version" main >&2
fi
read -r _ cluster port status _ < <(pg_lsclusters -h | awk -v v="$version" '$1 == v' | head -n 1)
if [ "$status" != online ]; then
  log "starting cluster $version/$cluster on port $port"
  pg_ctlcluster "$version" "$cluster" start >&2
fi
for _ in $(seq 1 60); do
  pg_isready -q -h 127.0.0.1 -p "$port" && break
  sleep 1
done
pg_isready -q -h 127.0.0.1 -p "$port" || {
  log "PostgreSQL $version/$cluster does not answer on 127.0.0.1:$port"
  exit 1
}

psql_admin() { runuser -u postgres -- psql -X -q -v ON_ERROR_STOP=1 -p "$port" -d postgres "$@"; }

psql_admin <<'SQL'
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'festa') THEN
    CREATE ROLE festa LOGIN SUPERUSER PASSWORD 'festa';
  ELSE
    ALTER ROLE festa LOGIN SUPERUSER PASSWORD 'festa';
  END IF;
END
$$;
SQL

# Databases of a test run that was killed before its clean-up.
for name in $(psql_admin -tA -c "SELECT datname FROM pg_database WHERE datname LIKE 'festa\_test\_%'"); do
  log "dropping leftover database $name"
  psql_admin -c "DROP DATABASE IF EXISTS \"$name\" WITH (FORCE)"
done

echo "postgres://festa:festa@127.0.0.1:$port/postgres"
