#!/usr/bin/env bash
# `npm start`: install what is missing, then bring up the local cloud (see docs/local-cloud.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash scripts/local/install-deps.sh
exec npx tsx scripts/local/start.ts "$@"
