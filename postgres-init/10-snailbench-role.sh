#!/usr/bin/env bash
# The platform's own login: owner of the platform's database (the services create their schemas in it), and
# nothing more: no superuser, no creating roles or databases. Run by the postgres image on its first start only
# (an empty data directory); the services connect as this role with a password (scram-sha-256).
set -euo pipefail
: "${SNAILBENCH_DB_USER:?}" "${SNAILBENCH_DB_PASSWORD:?}" "${POSTGRES_DB:?}"
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
     -v role="$SNAILBENCH_DB_USER" -v password="$SNAILBENCH_DB_PASSWORD" -v db="$POSTGRES_DB" <<'SQL'
CREATE ROLE :"role" LOGIN PASSWORD :'password' NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION;
ALTER DATABASE :"db" OWNER TO :"role";
REVOKE ALL ON DATABASE :"db" FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE :"db" TO :"role";
SQL
