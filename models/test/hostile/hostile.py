"""A hostile model: it tries what a model uploaded by a malicious user would try, and reports what it
reached (docs/running-models.md, "The sandbox"). The sandbox tests run it and expect a report of
nothing: test/runners/sandbox.test.ts (runModel directly) and test/integration/model-sandbox.test.ts
(through the whole pipeline).

Its targets come from its input values, key "targets" (a JSON object, or JSON text of one):
  read:      absolute paths to read (a file) or list (a folder): the repository, .local/, other runs
  write:     absolute paths of files to create outside the output directory
  ports:     [host, port] pairs to connect to (DynamoDB Local, s3rver, the gateway)
  runnerPid: the runner's pid as the host sees it (its /proc/<pid>/environ, root and cwd)
  secrets:   strings that must not be seen in any environment it can read
  processes: how many processes to start (150)
  sleep:     the argument of the `sleep` its leftover daemon runs, so a test finds it by name
  marker:    absolute paths the daemon writes after that sleep, long after the run has ended
The report is report.json in the output directory, beside a result.json that shows it.
"""

import json
import os
import socket
import subprocess
import sys
import time

out = os.environ.get("MR_OUTPUT_DIR", ".")
with open(os.environ["MR_INPUT_FILE"]) as f:
    values = json.load(f)
targets = values.get("targets") or {}
if isinstance(targets, str):
    targets = json.loads(targets or "{}")

report = {
    "uid": os.getuid(),
    "environ": [],
    "read": [],
    "write": [],
    "ports": [],
    "processesStarted": 0,
    "processLimit": None,
    "errors": [],
}
secrets = [s for s in targets.get("secrets", []) if s]


# 1. Every other process's environment: the runner's holds the AWS keys and RUN_JOB_KEY.
def leaky(name, value):
    return name.startswith(("AWS_", "RUN_", "ECS_")) or any(s in value for s in secrets)


own = os.getpid()
for entry in os.listdir("/proc"):
    if not entry.isdigit() or int(entry) == own:
        continue
    try:
        with open("/proc/%s/environ" % entry, "rb") as f:
            pairs = [p.decode("utf-8", "replace").split("=", 1) for p in f.read().split(b"\0") if p]
    except OSError:
        continue
    found = sorted(n for n, *v in pairs if leaky(n, v[0] if v else ""))
    if found:
        report["environ"].append({"pid": int(entry), "variables": found})

# 2. The runner's own files through /proc, and files and folders named by the test.
read = list(targets.get("read", []))
runner = targets.get("runnerPid")
if runner:
    read += ["/proc/%d/environ" % runner, "/proc/%d/cwd" % runner, "/proc/%d/root" % runner]
for path in read:
    try:
        if os.path.isdir(path):
            seen = os.listdir(path)
            report["read"].append({"path": path, "entries": len(seen)})
        else:
            with open(path, "rb") as f:
                data = f.read(4096)
            if path.endswith("/environ") and not data:
                continue  # An environment cleared like the model's own tells nothing.
            report["read"].append({"path": path, "bytes": len(data)})
    except OSError:
        pass

# 3. Files outside the output directory (checked again from outside: a private /tmp may take them).
for path in targets.get("write", []) + [os.path.join(os.environ.get("MR_WORK_DIR", "."), "..", "escaped.txt")]:
    try:
        with open(path, "w") as f:
            f.write("written by the hostile model\n")
        report["write"].append(path)
    except OSError:
        pass

# 4. The local cloud's ports.
for host, port in targets.get("ports", []):
    try:
        with socket.create_connection((host, int(port)), timeout=2):
            report["ports"].append("%s:%s" % (host, port))
    except OSError:
        pass

# 5. A leftover: a double-forked child in its own session that writes the markers long after the run.
sleep = str(targets.get("sleep", "30"))
markers = targets.get("marker", [])
if isinstance(markers, str):
    markers = [markers]
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        script = 'sleep "$1"; shift; for m in "$@"; do echo left > "$m"; done'
        os.execv("/bin/sh", ["/bin/sh", "-c", script, "sh", sleep] + markers)
    os._exit(0)
os.wait()

# 6. Many processes at once.
try:
    import resource

    soft, _hard = resource.getrlimit(resource.RLIMIT_NPROC)
    report["processLimit"] = None if soft == resource.RLIM_INFINITY else soft
except Exception as error:  # noqa: BLE001 - any failure is only a note in the report
    report["errors"].append(str(error))
children = []
for _ in range(int(targets.get("processes", 150))):
    try:
        children.append(subprocess.Popen(["/bin/sleep", "20"]))
    except OSError as error:
        report["errors"].append("process %d: %s" % (len(children) + 1, error.strerror))
        break
report["processesStarted"] = len(children)
for child in children:
    child.kill()
    child.wait()

with open(os.path.join(out, "report.json"), "w") as f:
    json.dump(report, f, indent=2)
reached = {k: report[k] for k in ("environ", "read", "write", "ports") if report[k]}
with open(os.path.join(out, "result.json"), "w") as f:
    json.dump(
        {
            "elements": [
                {
                    "kind": "section",
                    "title": "Reached" if reached else "Reached nothing",
                    "text": "%s\n\nProcesses started: %d" % (json.dumps(reached)[:10000], len(children)),
                }
            ]
        },
        f,
    )
print(json.dumps(report), flush=True)
sys.exit(0)
