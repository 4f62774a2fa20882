#!/usr/bin/env bash
# `npm test`: the whole pipeline, from a fresh clone of a Debian 12 + Node 20 machine with nothing
# running. Steps run in order and the first failure stops the run; the EXIT trap always stops the
# local cloud and prints the summary, whose last line is exactly `N passed, M failed`.
#
# Debugging aids (CI sets none): MR_TEST_STEPS="lint e2e" runs only the named steps (the local cloud
# is started for integration/e2e); MR_TEST_KEEP_GOING=1 runs the remaining steps after a failure;
# MR_TEST_DATA_DIR (default .local/test), MR_TEST_REPORTS_DIR (default .local/test-reports) and
# MR_PORT_OFFSET (default 10000) let two runs share a machine.
set -euo pipefail

cd "$(dirname "$0")/../.."
ROOT="$PWD"
REPORTS="$(realpath -m "${MR_TEST_REPORTS_DIR:-$ROOT/.local/test-reports}")"
TEST_DIR="$(realpath -m "${MR_TEST_DATA_DIR:-$ROOT/.local/test}")"
ENDPOINTS_FILE="$TEST_DIR/endpoints.json"
CLOUD_LOG="$REPORTS/local-cloud.log"
CLOUD_READY_TIMEOUT_S=180
HEADLESS_CHROMIUM=/usr/lib/chromium/chromium-headless-shell
STEPS_FILE="$REPORTS/steps.jsonl"
ALL_STEPS="install typecheck lint unit runners cdk build-web local-cloud integration e2e"
SELECTED_STEPS="${MR_TEST_STEPS:-$ALL_STEPS}"
KEEP_GOING="${MR_TEST_KEEP_GOING:-0}"
RUN_STARTED=$(date +%s)
CLOUD_PID=""
STEP_PID=""
STEP_NAME=""
STEP_STARTED=0
FAILED=0
# Steps running in the background next to a foreground step (bash 4 associative arrays): pid, start
# time, title and report of each, by step name.
declare -A BG_PID=() BG_STARTED=() BG_TITLE=() BG_REPORT=()
CLOUD_LAUNCHED=0

rm -rf "$REPORTS"
mkdir -p "$REPORTS"
: >"$STEPS_FILE"

heading() { printf '\n==> %s\n' "$*"; }
warn() { printf '[run-all] %s\n' "$*" >&2; }
selected() { [[ " $SELECTED_STEPS " == *" $1 "* ]]; }

# The machine's CPU time so far, in jiffies: "busy total" (all cores, from /proc/stat's first line).
cpu_jiffies() {
  local _cpu user nice system idle iowait irq softirq steal _rest
  read -r _cpu user nice system idle iowait irq softirq steal _rest </proc/stat
  echo "$((user + nice + system + irq + softirq + steal)) $((user + nice + system + idle + iowait + irq + softirq + steal))"
}
CORES=$(nproc 2>/dev/null || echo 1)
declare -A CPU_AT_START=()

# Remembers the machine's CPU time when a step starts (cores_busy_since reads it at its end).
mark_cpu() { CPU_AT_START[$1]="$(cpu_jiffies)"; }

# How many cores the whole machine kept busy from mark_cpu <name> to now (or to the "busy total"
# given), in hundredths (187 = 1.87 cores): a step far below the machine's cores waits on something,
# and another step could run beside it.
cores_busy_since() {
  local start="${CPU_AT_START[$1]:-}" end="${2:-}" busy0 total0 busy1 total1
  [[ -n "$start" ]] || {
    echo -1
    return
  }
  [[ -n "$end" ]] || end="$(cpu_jiffies)"
  read -r busy0 total0 <<<"$start"
  read -r busy1 total1 <<<"$end"
  if ((total1 > total0)); then echo $((100 * CORES * (busy1 - busy0) / (total1 - total0))); else echo -1; fi
}

# Records one step in steps.jsonl for the summary: name, exit code, seconds, the cores the machine
# kept busy meanwhile (hundredths; -1 unknown), and its JSON test report (if any) so a failed step
# without counted test failures still counts as one failure. A background step passes the CPU time
# at its end, which came before it was recorded.
record_step() {
  local name="$1" code="$2" seconds="$3" report="${4:-}" busy
  busy="$(cores_busy_since "$name" "${5:-}")"
  printf '{"step":"%s","exitCode":%d,"seconds":%d,"coresBusy":%d,"report":"%s"}\n' \
    "$name" "$code" "$seconds" "$busy" "$report" >>"$STEPS_FILE"
}

# run_step <name> <title> <report-or-empty> <command...>
run_step() {
  local name="$1" title="$2" report="$3"
  shift 3
  selected "$name" || return 0
  heading "$title"
  local started code=0
  started=$(date +%s)
  mark_cpu "$name"
  if [[ "$name" == "local-cloud" ]]; then
    "$@" || code=$? # may set CLOUD_PID, so it runs in this shell
  else
    # In the background with `wait`, so a SIGTERM/Ctrl-C reaches our trap at once instead of after
    # the step; the trap then stops the step's processes.
    STEP_NAME="$name"
    STEP_STARTED="$started"
    "$@" &
    STEP_PID=$!
    wait "$STEP_PID" || code=$?
    STEP_PID=""
  fi
  record_step "$name" "$code" "$(($(date +%s) - started))" "$report"
  if [[ $code -ne 0 ]]; then
    FAILED=1
    warn "step '$name' failed (exit $code)"
    [[ "$KEEP_GOING" == "1" ]] || stop_run "$code"
  fi
}

# After a failed step: a step still running in the background ends on its own first (its result is
# as valid as the failed one's), then the run stops.
stop_run() {
  local code="$1" name
  KEEP_GOING=1 # a background step's own failure must not exit from inside this loop
  for name in "${!BG_PID[@]}"; do finish_background_step "$name"; done
  exit "$code"
}

# start_step_in_background <name> <title> <report-or-empty> <after-or-empty> <command...>: for a step
# that mostly uses one core while the foreground step uses the other (the model runners, the cdk
# synth, tsc). With <after>, a background step started before it, the step waits for that one to end:
# steps queued so run one after another beside the foreground step. Its output goes to
# <reports>/<name>.log and is printed, under its heading, by finish_background_step, so the steps'
# lines never interleave.
start_step_in_background() {
  local name="$1" title="$2" report="$3" after="$4"
  shift 4
  selected "$name" || return 0
  # A step that was not started (not selected) is not waited for.
  [[ -n "$after" && -n "${BG_PID[$after]:-}" ]] || after=""
  if [[ -n "$after" ]]; then
    heading "$title: queued in the background after '$after' (its output follows when it ends)"
  else
    heading "$title: started in the background (its output follows when it ends)"
  fi
  BG_TITLE[$name]="$title"
  BG_REPORT[$name]="$report"
  BG_STARTED[$name]=$(date +%s)
  mark_cpu "$name"
  # The step notes when it started and ended (seconds and CPU time): it is recorded only when the
  # foreground step next to it has ended too, and its own time is what the summary should show.
  rm -f "$REPORTS/$name.started" "$REPORTS/$name.ended"
  (
    code=0
    if [[ -n "$after" ]]; then
      until [[ -e "$REPORTS/$after.ended" ]]; do sleep 1; done
    fi
    echo "$(date +%s) $(cpu_jiffies)" >"$REPORTS/$name.started"
    "$@" >"$REPORTS/$name.log" 2>&1 || code=$?
    echo "$(date +%s) $(cpu_jiffies)" >"$REPORTS/$name.ended"
    exit "$code"
  ) &
  BG_PID[$name]=$!
}

# Waits for a step started by start_step_in_background, prints its output and records it; a failure
# stops the run as a foreground step's would.
finish_background_step() {
  local name="$1" code=0
  [[ -n "${BG_PID[$name]:-}" ]] || return 0
  local pid="${BG_PID[$name]}"
  # As run_step: `wait` on a background job lets a SIGTERM/Ctrl-C reach our trap at once (which then
  # stops this step, still listed in BG_PID).
  wait "$pid" || code=$?
  unset "BG_PID[$name]"
  heading "${BG_TITLE[$name]} (ran in the background)"
  cat "$REPORTS/$name.log"
  local started cpu_at_start ended cpu_at_end=""
  if [[ -s "$REPORTS/$name.started" ]]; then
    read -r started cpu_at_start <"$REPORTS/$name.started"
    BG_STARTED[$name]="$started"
    CPU_AT_START[$name]="$cpu_at_start"
  fi
  ended="$(date +%s)"
  if [[ -s "$REPORTS/$name.ended" ]]; then read -r ended cpu_at_end <"$REPORTS/$name.ended"; fi
  record_step "$name" "$code" "$((ended - BG_STARTED[$name]))" "${BG_REPORT[$name]}" "$cpu_at_end"
  if [[ $code -ne 0 ]]; then
    FAILED=1
    warn "step '$name' failed (exit $code)"
    [[ "$KEEP_GOING" == "1" ]] || stop_run "$code"
  fi
}

# ---- the local cloud ---------------------------------------------------------------------------

# Every descendant of a process, read from /proc (no procps needed on a minimal machine).
descendants_of() {
  local root="$1" stat line pid ppid
  local -A children=()
  for stat in /proc/[0-9]*/stat; do
    # Braces: a process that ended since the glob makes the redirection itself fail, quietly.
    { IFS= read -r line <"$stat"; } 2>/dev/null || continue
    pid="${line%% *}"
    line="${line##*) }" # after "(comm) ", which may hold spaces: "state ppid ..."
    line="${line#* }"
    ppid="${line%% *}"
    children[$ppid]+=" $pid"
  done
  local queue=("$root") next
  while [[ ${#queue[@]} -gt 0 ]]; do
    next="${queue[0]}"
    queue=("${queue[@]:1}")
    for pid in ${children[$next]:-}; do
      echo "$pid"
      queue+=("$pid")
    done
  done
}

command_line() { tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null || true; }

alive_pids() {
  local pid
  for pid in "$@"; do
    if kill -0 "$pid" 2>/dev/null; then echo "$pid"; fi
  done
}

wait_gone() {
  local seconds="$1"
  shift
  local deadline=$(($(date +%s) + seconds))
  while [[ $(date +%s) -lt $deadline ]]; do
    [[ -z "$(alive_pids "$@")" ]] && return 0
    sleep 0.5
  done
  return 1
}

# Starts the cloud in the background and returns at once: it starts (about 12 s of mostly one core)
# while the unit, runner and cdk tests run; wait_for_local_cloud waits for it to be ready.
launch_local_cloud() {
  # start.ts wipes .local/test/ itself; removing a stale endpoints file first means we never mistake
  # a previous run's file for readiness.
  rm -f "$ENDPOINTS_FILE" || return $?
  # setsid: the cloud gets its own session, so a Ctrl-C on this script reaches it only through our
  # trap, which stops it in order (SIGTERM to start.ts, which stops its children).
  # Without the demo catalogue: demo-seed.test.ts seeds it in the integration step, whose cores are
  # half idle. Seeded here (--demo), its runs took the unit tests' CPU: the unit step took 238-258 s
  # against about 180 s, more than the 48 s it saved in the integration step.
  setsid "$ROOT/node_modules/.bin/tsx" scripts/local/start.ts --test --data-dir "$TEST_DIR" >"$CLOUD_LOG" 2>&1 &
  CLOUD_PID=$!
  CLOUD_LAUNCHED=$(date +%s)
  heading "The local cloud starts in the background (test mode, $TEST_DIR)"
  echo "local cloud: pid $CLOUD_PID, log $CLOUD_LOG"
}

# Ready when its endpoints file appears. A cloud still starting gets CLOUD_READY_TIMEOUT_S more
# seconds from here (it started next to CPU-bound steps, so its start may have been slow).
wait_for_local_cloud() {
  [[ -n "$CLOUD_PID" ]] || launch_local_cloud || return $?
  local deadline=$(($(date +%s) + CLOUD_READY_TIMEOUT_S))
  until [[ -f "$ENDPOINTS_FILE" ]]; do
    if ! kill -0 "$CLOUD_PID" 2>/dev/null; then
      warn "the local cloud exited during start-up; last lines of $CLOUD_LOG:"
      tail -n 60 "$CLOUD_LOG" >&2 || true
      return 1
    fi
    if [[ $(date +%s) -ge $deadline ]]; then
      warn "no $ENDPOINTS_FILE after ${CLOUD_READY_TIMEOUT_S}s; last lines of $CLOUD_LOG:"
      tail -n 60 "$CLOUD_LOG" >&2 || true
      return 1
    fi
    sleep 1
  done
  echo "local cloud ready $(($(stat -c %Y "$ENDPOINTS_FILE") - CLOUD_LAUNCHED))s after its start: $ENDPOINTS_FILE"
}

# Stops the cloud like Ctrl-C would and checks that it left nothing behind (issue 2 §2). Survivors
# are killed and the check counts as a failure, because orphaned java/node processes are a bug.
stop_local_cloud() {
  [[ -n "$CLOUD_PID" ]] || return 0
  local pid="$CLOUD_PID" started tree left
  CLOUD_PID=""
  started=$(date +%s)
  mark_cpu local-cloud-stop
  mapfile -t tree < <(descendants_of "$pid")
  heading "Stopping the local cloud (pid $pid, ${#tree[@]} child processes)"
  kill -TERM "$pid" 2>/dev/null || true
  if wait_gone 30 "$pid" "${tree[@]}"; then
    echo "local cloud stopped; no process left behind"
    record_step "local-cloud-stop" 0 "$(($(date +%s) - started))"
    return 0
  fi
  mapfile -t left < <(alive_pids "$pid" "${tree[@]}")
  warn "processes still alive 30s after SIGTERM to the local cloud:"
  local survivor
  for survivor in "${left[@]}"; do warn "  $survivor $(command_line "$survivor")"; done
  kill -KILL "${left[@]}" 2>/dev/null || true
  record_step "local-cloud-stop" 1 "$(($(date +%s) - started))"
  FAILED=1
}

summarize() {
  heading "Summary (reports in ${REPORTS#"$ROOT"/})"
  local total=$(($(date +%s) - RUN_STARTED))
  if ! "$ROOT/node_modules/.bin/tsx" scripts/test/summarize-reports.ts "$STEPS_FILE" "$total"; then
    # Without node we cannot read the reports; still end with the summary line the contract promises.
    echo "0 passed, 1 failed"
    FAILED=1
  fi
}

# An interrupted step: SIGTERM to its whole process tree (npx, node, browsers), SIGKILL after 10 s.
stop_step() {
  [[ -n "$STEP_PID" ]] || return 0
  local tree
  mapfile -t tree < <(descendants_of "$STEP_PID")
  kill -TERM "$STEP_PID" "${tree[@]}" 2>/dev/null || true
  wait_gone 10 "$STEP_PID" "${tree[@]}" || kill -KILL "$STEP_PID" "${tree[@]}" 2>/dev/null || true
  STEP_PID=""
}

on_exit() {
  local code=$?
  trap - EXIT INT TERM
  if [[ -n "$STEP_PID" ]]; then
    warn "interrupted: stopping step '$STEP_NAME'"
    stop_step
    record_step "$STEP_NAME" "$code" "$(($(date +%s) - STEP_STARTED))"
    FAILED=1
  fi
  local name
  # Only an interrupted run (or an error of this script) leaves a background step running.
  for name in "${!BG_PID[@]}"; do
    warn "interrupted: stopping step '$name' (in the background); its output so far:"
    tail -n 40 "$REPORTS/$name.log" >&2 || true
    STEP_PID="${BG_PID[$name]}"
    stop_step
    record_step "$name" "$code" "$(($(date +%s) - BG_STARTED[$name]))" "${BG_REPORT[$name]}"
    FAILED=1
  done
  stop_local_cloud || true
  summarize || true
  if [[ $code -eq 0 && $FAILED -ne 0 ]]; then code=1; fi
  exit "$code"
}
trap on_exit EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---- steps -------------------------------------------------------------------------------------

# Step functions run in an `||` context, where bash ignores `set -e`: each command checks explicitly.
install_test_deps() {
  bash scripts/local/install-deps.sh || return $?
  # The browser tests run in Debian's chromium-headless-shell (test/e2e/playwright.config.ts says why).
  if [[ ! -x "$HEADLESS_CHROMIUM" ]]; then
    local sudo=""
    [[ "$(id -u)" -eq 0 ]] || sudo="sudo"
    echo "installing Debian's chromium-headless-shell (and fonts) for the browser tests"
    $sudo apt-get update || return $?
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y chromium-headless-shell fonts-liberation ||
      return $?
  fi
  "$HEADLESS_CHROMIUM" --version 2>/dev/null | grep -i chrom
}

vitest_json() {
  local report="$1"
  shift
  npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$report"
}

# Two cores: the integration tests run one file at a time against the cloud and mostly wait on it
# (about one core busy), so the steps that each keep about one core busy run one after another in
# the background beside them: the model runners (which wait on R, Python and LibreOffice starting),
# the cdk tests (one worker) and tsc. The local cloud starts during the unit tests. Lint, the web
# build, the unit and the browser tests keep both cores busy and run alone.
run_step install "[1/10] Install what the tests need (npm packages, Java, DynamoDB Local, Chromium's headless shell)" "" \
  install_test_deps
run_step lint "[2/10] Lint, format and layer check (biome ci, dependency-cruiser)" "" npm run lint
run_step build-web "[3/10] Build the web app (web/dist)" "" npm run build:web

NEEDS_CLOUD=0
if selected integration || selected e2e || selected local-cloud; then
  NEEDS_CLOUD=1
  SELECTED_STEPS="$SELECTED_STEPS local-cloud"
  # After build-web: in test mode the cloud serves web/dist and writes its config.json there.
  launch_local_cloud || {
    FAILED=1
    stop_run 1
  }
fi

run_step unit "[4/10] Unit and web tests (vitest: unit, web)" "$REPORTS/unit.json" \
  vitest_json "$REPORTS/unit.json" --project unit --project web
start_step_in_background runners "[5/10] Model runners with real Python, R and LibreOffice (vitest: runners)" \
  "$REPORTS/runners.json" "" vitest_json "$REPORTS/runners.json" --project runners
start_step_in_background cdk "[6/10] CDK assertion tests and cdk-nag (vitest: cdk)" "$REPORTS/cdk.json" runners \
  vitest_json "$REPORTS/cdk.json" --project cdk
start_step_in_background typecheck "[7/10] Typecheck (tsc)" "" cdk npm run typecheck
if [[ $NEEDS_CLOUD -eq 1 ]]; then
  run_step local-cloud "[8/10] Wait for the local cloud (.local/test, ports +10000)" "" wait_for_local_cloud
  export MR_ENDPOINTS_FILE="$ENDPOINTS_FILE"
  export MR_E2E_JSON_REPORT="$REPORTS/e2e.json"
  export MR_E2E_OUTPUT_DIR="$REPORTS/e2e-artifacts"
  run_step integration "[9/10] Integration tests against the local cloud (vitest: integration)" \
    "$REPORTS/integration.json" vitest_json "$REPORTS/integration.json" --project integration
fi
finish_background_step runners
finish_background_step cdk
finish_background_step typecheck
if [[ $NEEDS_CLOUD -eq 1 ]]; then
  run_step e2e "[10/10] Browser tests in Chromium's headless shell (Playwright)" "$REPORTS/e2e.json" \
    npx playwright test -c test/e2e/playwright.config.ts
fi
