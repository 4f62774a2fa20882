#!/usr/bin/env bash
# Installs the Debian packages the model runners start (docs/running-models.md): Debian's python3 with
# numpy, pandas and openpyxl; R with jsonlite and data.table; LibreOffice Calc without a GUI and its
# Python bridge (python3-uno) for Excel workbooks; bubblewrap, the sandbox every model runs in locally
# (functions/runner/sandbox.ts: without it the runner refuses to start models); LibreOffice Impress and
# poppler-utils (pdftotext, pdftoppm), with which the runners suite opens and renders the result exports
# (test/runners/exports-render.test.ts). Idempotent: with
# everything present it only asks dpkg (well under a second, no network). A fresh Debian 12 downloads about 130 MB of packages (72
# with their dependencies, 400 MB installed); it takes one to two minutes.
set -euo pipefail

PACKAGES=(
  python3-numpy python3-pandas python3-openpyxl
  r-base-core r-cran-jsonlite r-cran-data.table
  libreoffice-calc-nogui python3-uno
  bubblewrap
  libreoffice-impress-nogui poppler-utils
)

log() { printf '[install-runner-deps] %s\n' "$*"; }

installed() { [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)" = 'install ok installed' ]; }

MISSING=()
for pkg in "${PACKAGES[@]}"; do
  installed "$pkg" || MISSING+=("$pkg")
done
if [ "${#MISSING[@]}" -eq 0 ]; then
  log "ok (model runner packages present)"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  log "apt-get not found: install ${MISSING[*]} with your package manager (see docs/running-models.md)" >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
# Another apt (an unattended upgrade) may hold the lock for a while: wait rather than fail.
APT=($SUDO apt-get -o DPkg::Lock::Timeout=600 -o Dpkg::Use-Pty=0)

started=$SECONDS
log "installing ${MISSING[*]} (a few minutes on a fresh machine)"

# Package lists are fetched only when apt knows no candidate for a package (a fresh image ships none).
needs_update=0
for pkg in "${MISSING[@]}"; do
  # Captured first: `grep -q` closing the pipe early would fail the pipeline under pipefail.
  policy="$(apt-cache policy "$pkg" 2>/dev/null || true)"
  [[ "$policy" == *"Candidate: "[0-9]* ]] || needs_update=1
done
if [ "$needs_update" -eq 1 ]; then
  log "fetching package lists (apt-get update)"
  "${APT[@]}" -qq update
fi

# apt reports its progress on a status descriptor ("pmstatus:<pkg>:<percent>:<text>"): print one line
# per tenth so a long install shows it is alive without apt's full output.
install() {
  "${APT[@]}" -q -y --no-install-recommends -o APT::Status-Fd=3 install "${MISSING[@]}" \
    3> >(awk -F: -v prefix='[install-runner-deps]' '
      /^(dlstatus|pmstatus)/ {
        step = ($1 == "dlstatus") ? "downloading" : "installing"
        tenth = int($3 / 10)
        if (step != last_step || tenth > last_tenth) {
          printf "%s %s %d%%\n", prefix, step, int($3); fflush()
          last_step = step; last_tenth = tenth
        }
      }') >"${INSTALL_LOG:-/tmp/install-runner-deps.log}" 2>&1
}
if ! install; then
  # Stale package lists point at versions the mirror no longer has: refresh once and retry.
  log "install failed; refreshing package lists and retrying (log: ${INSTALL_LOG:-/tmp/install-runner-deps.log})"
  "${APT[@]}" -qq update
  install || {
    log "install failed; see ${INSTALL_LOG:-/tmp/install-runner-deps.log}" >&2
    exit 1
  }
fi
log "ok (model runner packages installed in $((SECONDS - started)) s)"
