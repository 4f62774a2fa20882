import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runModel } from '../../functions/runner/run-model';
import { manifestSha256 } from '../../functions/runner/work-files';
import { killLeftovers, prepareRun, processesWithArgument, uniqueSleep } from './support';

/**
 * Each way a model run can go wrong ends FAILED with a message a modeler understands. The models are
 * small Python scripts run by the real runner (Debian's python3).
 */

afterEach(() => killLeftovers());

const python = (source: string) => ({ 'model.py': source.replace(/^\n/, '') });

describe('model faults', () => {
  it('a non-zero exit fails with the exit code and the end of stderr', async () => {
    const run = await prepareRun({
      language: 'Python',
      files: python(`
import sys
for i in range(100):
    print("progress line %d" % i, file=sys.stderr)
raise ValueError("the survival table has no rows")
`),
    });
    const outcome = await runModel(run.spec);
    expect(outcome.status).toBe('FAILED');
    expect(outcome.fault?.code).toBe('NON_ZERO_EXIT');
    expect(outcome.fault?.message).toMatch(
      /^The model exited with code 1\.\nLast lines of its error output:\n/,
    );
    expect(outcome.fault?.message).toContain('ValueError: the survival table has no rows');
    // Only the end of stderr is in the message; all of it is in the kept log.
    expect(outcome.fault?.message).not.toContain('progress line 10\n');
    expect(outcome.stderr.text).toContain('progress line 10\n');
    expect(outcome.record.exitCode).toBe(1);
  });

  it('a model that writes nothing fails with NO_RESULT', async () => {
    const run = await prepareRun({ language: 'Python', files: python('print("done, I think")\n') });
    const outcome = await runModel(run.spec);
    expect(outcome.fault?.code).toBe('NO_RESULT');
    expect(outcome.fault?.message).toBe(
      'The model finished without a result: its output directory (output) holds neither result.json nor any other file. Write result.json (sections, tables, charts) or the files to download into the directory named by MR_OUTPUT_DIR.',
    );
    expect(outcome.stdout.text).toBe('done, I think\n');
  });

  it('a result.json that is not JSON fails with MALFORMED_RESULT and a hint about NaN', async () => {
    const run = await prepareRun({
      language: 'Python',
      files: python(`
import json, os
with open(os.path.join(os.environ["MR_OUTPUT_DIR"], "result.json"), "w") as f:
    json.dump({"elements": [{"kind": "table", "cells": [{"row": 0, "column": 0, "value": float("nan")}]}]}, f)
`),
    });
    const outcome = await runModel(run.spec);
    expect(outcome.fault?.code).toBe('MALFORMED_RESULT');
    expect(outcome.fault?.message).toMatch(
      /^result\.json is not valid JSON \(.+\)\. NaN and Infinity are not JSON/,
    );
  });

  it('a result.json outside the format fails with MALFORMED_RESULT naming the place', async () => {
    const run = await prepareRun({
      language: 'Python',
      files: python(`
import json, os
result = {"elements": [{"kind": "section", "title": "Results"}, {"kind": "chart", "chartType": "sunburst", "data": []}]}
with open(os.path.join(os.environ["MR_OUTPUT_DIR"], "result.json"), "w") as f:
    json.dump(result, f)
`),
    });
    const outcome = await runModel(run.spec);
    expect(outcome.fault?.code).toBe('MALFORMED_RESULT');
    expect(outcome.fault?.message).toMatch(
      /^result\.json does not follow the result format \(docs\/running-models\.md\): elements\[1\]\.chartType: /,
    );
    expect(outcome.record.resultSha256).toBeUndefined();
  });

  it('a timeout stops the whole process tree, even a child in its own session', async () => {
    // The model sees its own PID namespace: the children are found by a token in their command line.
    const token = uniqueSleep();
    const run = await prepareRun({
      language: 'Python',
      // Long enough for a busy machine to start python and both children before the timeout.
      timeoutSeconds: 6,
      files: python(`
import subprocess, time
child = subprocess.Popen(["/bin/sleep", "${token}"])
daemon = subprocess.Popen(["/bin/sleep", "${token}"], start_new_session=True)
print("started", flush=True)
time.sleep(600)
`),
    });
    const outcome = await runModel(run.spec, { killGraceMs: 500, sampleIntervalMs: 200 });

    expect(outcome.fault?.code).toBe('TIMEOUT');
    expect(outcome.fault?.message).toContain('timed out after 0.1 minutes (6 seconds)');
    expect(outcome.stdout.text).toBe('started\n');
    expect(processesWithArgument(token)).toEqual([]);
  });

  it('a timeout of whole minutes is named in minutes', async () => {
    const { formatMinutes } = await import('@shared/executions/format-minutes');
    expect(formatMinutes(900)).toBe('15 minutes');
  });

  it('output past the limit stops the model and deletes what it wrote', async () => {
    const run = await prepareRun({
      language: 'Python',
      files: python(`
import os, time
with open(os.path.join(os.environ["MR_OUTPUT_DIR"], "huge.bin"), "wb") as f:
    while True:
        f.write(b"x" * 65536)
        f.flush()
        time.sleep(0.001)
`),
    });
    const outcome = await runModel(run.spec, {
      outputLimitBytes: 1024 * 1024,
      sampleIntervalMs: 200,
      killGraceMs: 500,
    });
    expect(outcome.fault?.code).toBe('OUTPUT_TOO_LARGE');
    expect(outcome.fault?.message).toMatch(
      /^The model wrote [\d.]+ MB into its output directory, more than the limit of 1 MB a run may write; it was stopped and its output refused\.$/,
    );
    expect(outcome.outputFiles).toEqual([]);
    expect(existsSync(join(run.spec.workDir, 'output', 'huge.bin'))).toBe(false);
  });

  it('output past the limit is refused even when the model exits before it is sampled', async () => {
    const run = await prepareRun({
      language: 'Python',
      files: python(`
import os
with open(os.path.join(os.environ["MR_OUTPUT_DIR"], "big.bin"), "wb") as f:
    f.write(b"x" * (3 * 1024 * 1024))
`),
    });
    const outcome = await runModel(run.spec, { outputLimitBytes: 1024 * 1024, sampleIntervalMs: 60_000 });
    expect(outcome.fault?.code).toBe('OUTPUT_TOO_LARGE');
    expect(outcome.fault?.message).toContain('wrote 3 MB');
  });

  it('a cancel stops the tree and ends CANCELLED', async () => {
    const run = await prepareRun({ language: 'Python', files: python('import time\ntime.sleep(600)\n') });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 1000);
    const outcome = await runModel(run.spec, { signal: controller.signal, killGraceMs: 500 });
    expect(outcome.fault?.code).toBe('CANCELLED');
  });

  it('plain files without result.json are a files result, hashed by their manifest', async () => {
    const run = await prepareRun({
      language: 'Python',
      files: python(`
import os
out = os.environ["MR_OUTPUT_DIR"]
os.makedirs(os.path.join(out, "tables"))
open(os.path.join(out, "tables", "a.csv"), "w").write("x\\n1\\n")
open(os.path.join(out, "summary.txt"), "w").write("ok\\n")
`),
    });
    const outcome = await runModel(run.spec);
    expect(outcome.status).toBe('COMPLETED');
    expect(outcome.result).toEqual({ kind: 'files' });
    expect(outcome.outputFiles.map((f) => f.path)).toEqual(['summary.txt', 'tables/a.csv']);
    expect(outcome.record.resultSha256).toBe(manifestSha256(outcome.outputFiles));
  });

  it('keeps only the last part of a long log', async () => {
    const run = await prepareRun({
      language: 'Python',
      files: python(`
import os
for i in range(5000):
    print("line %05d" % i)
open(os.path.join(os.environ["MR_OUTPUT_DIR"], "done.txt"), "w").write("ok")
`),
    });
    const outcome = await runModel(run.spec, { logTailBytes: 1000 });
    expect(outcome.stdout.text.length).toBe(1000);
    expect(outcome.stdout.text.endsWith('line 04999\n')).toBe(true);
    expect(outcome.stdout.droppedBytes).toBe(5000 * 11 - 1000);
  });
});

describe('the model contract', () => {
  it('gives the model its inputs, parameter files and output directory, and nothing of the runner’s environment', async () => {
    process.env.MR_TEST_SECRET = 'runner credentials';
    const run = await prepareRun({
      language: 'Python',
      inputs: { horizon: 10 },
      parameters: { survival_data: 'km.csv' },
      files: python(`
import json, os
values = json.load(open(os.environ["MR_INPUT_FILE"]))
with open(os.path.join(os.environ["MR_PARAMETER_DIR"], "survival_data")) as f:
    data = f.read()
out = os.environ["MR_OUTPUT_DIR"]
json.dump({"values": values, "data": data, "env": sorted(os.environ), "cwd": os.getcwd()}, open(os.path.join(out, "seen.json"), "w"))
`),
    });
    const outcome = await runModel(run.spec);
    delete process.env.MR_TEST_SECRET;
    expect(outcome.status).toBe('COMPLETED');
    const seen = JSON.parse(await readFile(join(run.spec.workDir, 'output', 'seen.json'), 'utf8'));
    expect(seen.values).toEqual({ horizon: 10 });
    expect(seen.data).toBe('km.csv');
    expect(seen.cwd).toBe(run.spec.workDir);
    expect(seen.env).not.toContain('MR_TEST_SECRET');
    expect(seen.env).toEqual(expect.arrayContaining(['MR_INPUT_FILE', 'MR_PARAMETER_DIR', 'MR_OUTPUT_DIR']));
    expect(outcome.record.parameterFiles).toEqual([
      { path: 'survival_data', bytes: 6, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
  });

  it('refuses Mathematica with our own message, before anything runs', async () => {
    const run = await prepareRun({ language: 'Mathematica', files: { 'model.wl': 'Print[1]' } });
    const outcome = await runModel(run.spec);
    expect(outcome.fault).toEqual({
      code: 'UNSUPPORTED_LANGUAGE',
      message:
        'This deployment has no Mathematica runtime, so Mathematica models cannot be executed here. A Mathematica runner image can be added where a licence exists (see docs/running-models.md).',
    });
  });

  it('refuses a runner image without the runtime', async () => {
    const run = await prepareRun({ language: 'R', files: { 'model.R': 'cat(1)' } });
    const outcome = await runModel(run.spec, { runtimes: { rscript: '/nonexistent/Rscript' } });
    expect(outcome.fault?.code).toBe('RUNTIME_MISSING');
    expect(outcome.fault?.message).toBe(
      'This runner has no R runtime (/nonexistent/Rscript not found). Run R models on the R runner image.',
    );
  });

  it('asks which file to run when several could be the model', async () => {
    const run = await prepareRun({ language: 'Python', files: { 'fit.py': '', 'simulate.py': '' } });
    const outcome = await runModel(run.spec);
    expect(outcome.fault).toEqual({
      code: 'INVALID_SETUP',
      message:
        "Several files could be the model (fit.py, simulate.py): name the one to run first in the sub-model's execution files.",
    });
  });

  it('refuses an output directory outside the work directory', async () => {
    const run = await prepareRun({
      language: 'Python',
      files: python('print(1)\n'),
      outputDir: '../elsewhere',
    });
    const outcome = await runModel(run.spec);
    expect(outcome.fault?.code).toBe('INVALID_SETUP');
  });

  it('with the work directory as output directory, only files the run wrote are outputs', async () => {
    const run = await prepareRun({
      language: 'Python',
      outputDir: '',
      files: {
        ...python('open("out.csv", "w").write("a\\n")\n'),
        'data/table.csv': 'x\n',
      },
    });
    const outcome = await runModel(run.spec);
    expect(outcome.status).toBe('COMPLETED');
    expect(outcome.outputFiles.map((f) => f.path)).toEqual(['out.csv']);
    expect(outcome.record.modelFiles.map((f) => f.path)).toEqual(['data/table.csv', 'model.py']);
  });
});
