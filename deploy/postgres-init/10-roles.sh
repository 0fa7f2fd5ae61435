#!/bin/sh
# Runs once, when the database volume is first initialised (docs/operations.md#database-roles): the owner role
# `eierportal` owns the database and runs the migrations; the app role `eierportal_app` is what the app serves with,
# and the app grants it its rights at each start (only INSERT and SELECT on the audit trail). Neither is a superuser.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v owner_pw="$DB_OWNER_PASSWORD" -v app_pw="$DB_APP_PASSWORD" <<'SQL'
CREATE ROLE eierportal LOGIN PASSWORD :'owner_pw';
CREATE ROLE eierportal_app LOGIN PASSWORD :'app_pw';
CREATE DATABASE eierportal OWNER eierportal;
REVOKE ALL ON DATABASE eierportal FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE eierportal TO eierportal_app;
SQL
