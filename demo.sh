#!/usr/bin/env bash
# Builds Snailbench, starts Kafka, PostgreSQL and the five services on this machine, loads FootballDB v1–v3,
# replays gpt-3.5-turbo's recorded predictions (one job per data model) and prints a report.
# Data: ../shared/data by default; set SNAILBENCH_DATA_DIR to use another copy.
set -euo pipefail
cd "$(dirname "$0")"
mvn -B -q install -DskipTests
exec java -cp "local-stack/target/classes:$(cat local-stack/target/classes/dev/snailbench/localstack/runtime-classpath.txt)" \
  dev.snailbench.localstack.Demo "$PWD"
