import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { DescribeExecutionCommand } from '@aws-sdk/client-sfn';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { idToken, localCloud, sfnClient, waitFor } from '../support/local-cloud';
import { type MarkovInputs, markovStrategy } from '../support/markov-reference';
import {
  addInstance,
  addRunSubModel,
  call,
  createRunEntry,
  demoRDefinition,
  demoRScript,
  execute,
  instanceStatus,
  type Json,
  type RunEntry,
  waitForEnd,
  waitForStatus,
} from './executions-helpers';

/**
 * Executions through the local state machine (issue 11): Execute → Step Functions → Prepare → the
 * runner entrypoint as a child process running Debian's R → Collect, and every way a run can end.
 * The models are real R scripts; the demo model's ICER is computed again here, independently.
 */

// ---------- models ----------

const SLEEPER = 'cat("sleeping\\n")\nSys.sleep(as.numeric(Sys.getenv("SLEEP", "300")))\n';
const sleeper = (seconds: number) => `cat("sleeping\\n")\nSys.sleep(${seconds})\n`;
const FAILING =
  'cat("starting\\n")\nmessage("The cohort is empty: check the population size.")\nquit(save = "no", status = 3)\n';
const MALFORMED = `out <- Sys.getenv("MR_OUTPUT_DIR")
writeLines('{"elements": [{"kind": "chart", "chartType": "pie3d", "data": []}]}', file.path(out, "result.json"))
`;
const CALIBRATE = `library(jsonlite)
out <- Sys.getenv("MR_OUTPUT_DIR")
write_json(list(shape = 1.25, scale = 7.5), file.path(out, "calibrated.json"), auto_unbox = TRUE)
write_json(list(elements = list(list(kind = "section", title = "Calibrated"))), file.path(out, "result.json"), auto_unbox = TRUE)
`;
const USES_CALIBRATION = `library(jsonlite)
calibrated <- fromJSON(file.path(Sys.getenv("MR_PARAMETER_DIR"), "_calibration", "calibrated.json"))
text <- sprintf("shape %.2f scale %.2f", calibrated$shape, calibrated$scale)
write_json(list(elements = list(list(kind = "section", title = "Scenario", text = text))),
  file.path(Sys.getenv("MR_OUTPUT_DIR"), "result.json"), auto_unbox = TRUE)
`;
const RANDOM = `library(jsonlite)
set.seed(as.integer(Sys.time()) + Sys.getpid())
write_json(list(elements = list(list(kind = "section", title = "Draw", text = as.character(runif(1))))),
  file.path(Sys.getenv("MR_OUTPUT_DIR"), "result.json"), auto_unbox = TRUE, digits = NA)
`;

// ---------- the independent reference: test/support/markov-reference.ts ----------

type Cell = { row: number; column: number; value: unknown };
type Element = { kind: string; cells?: Cell[]; options?: { title?: string }; text?: string; title?: string };

function rowValue(elements: Element[], title: string, label: string): unknown {
  const table = elements.find((e) => e.kind === 'table' && e.options?.title === title);
  const labelCell = table?.cells?.find((c) => c.column === 0 && c.value === label);
  return table?.cells?.find((c) => c.row === labelCell?.row && c.column === 1)?.value;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

function canonical(value: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v as object)
              .sort()
              .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
          )
        : v;
  return JSON.stringify(sort(value));
}

// ---------- shared fixtures ----------

let entry: RunEntry;
/**
 * The run that hits its timeout waits a whole minute (the shortest timeout a sub-model can have), so it
 * starts with the file's data and runs next to the other tests, in a runner slot of its own; its test,
 * last in the file, checks how it ended (it waited that minute alone before: 107 s for the file).
 */
let timedOut: { id: string };

beforeAll(async () => {
  entry = await createRunEntry({
    'markov_cohort.R': demoRScript(),
    'sleeper.R': SLEEPER,
    'failing.R': FAILING,
    'malformed.R': MALFORMED,
    'calibrate.R': CALIBRATE,
    'uses_calibration.R': USES_CALIBRATION,
    'random.R': RANDOM,
    'quick_sleep.R': sleeper(25),
    'timeout.R': sleeper(600),
  });
  const subModel = await addRunSubModel(entry, 'timeout.R', { timeoutSeconds: 60 });
  timedOut = await addInstance(entry, subModel);
  await execute(entry, [timedOut.id]);
});

describe('the R Markov cohort model, executed end to end', () => {
  const inputs = { cycles: 30, relative_risk: 0.6, cost_treatment: 1500, discount_rate_qalys: 0.015 };
  let instance: { id: string; name: string };
  let groupId: string;

  beforeAll(async () => {
    const subModel = await addRunSubModel(entry, 'markov_cohort.R', { definition: demoRDefinition() });
    instance = await addInstance(entry, subModel, inputs);
    groupId = await execute(entry, [instance.id]);
    expect(await waitForEnd(entry, instance.id)).toBe('COMPLETED');
  }, 240_000);

  it('computes the ICER the reference calculation computes from the instance values', async () => {
    const result = await call('owner', 'GET', `/v2/models/${entry.uuid}/instances/${instance.id}/result`);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ status: 'COMPLETED', groupId, result: { kind: 'visualization' } });
    const values = { ...defaults(), ...inputs } as MarkovInputs;
    const standard = markovStrategy(values, false);
    const treatment = markovStrategy(values, true);
    const icer = (treatment.cost - standard.cost) / (treatment.qalys - standard.qalys);
    const elements = result.body.result.result.elements as Element[];
    expect(rowValue(elements, 'Incremental analysis', 'ICER (cost per QALY gained)')).toBeCloseTo(icer, 1);
    expect(rowValue(elements, 'Results per strategy', 'Standard care')).toBeCloseTo(standard.cost, 1);
    expect(result.body.files.map((f: Json) => f.path)).toEqual(['result.json', 'trace.csv']);
    expect(result.body.logs.stdout).toMatchObject({ droppedBytes: 0 });
  });

  it('offers the outputs as a zip and each file, named by content-disposition', async () => {
    const zip = await call('owner', 'GET', `/v2/models/${entry.uuid}/instances/${instance.id}/outputs`);
    expect(zip.status).toBe(200);
    const res = await fetch(zip.body.url);
    expect(res.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent(zip.body.fileName)}`,
    );
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['result.json', 'trace.csv']);
    const one = await call(
      'owner',
      'GET',
      `/v2/models/${entry.uuid}/instances/${instance.id}/outputs?path=trace.csv`,
    );
    const trace = await fetch(one.body.url);
    expect(trace.headers.get('content-disposition')).toContain('trace.csv');
    expect(new Uint8Array(await trace.arrayBuffer())).toEqual(files['trace.csv']);
  });

  it('keeps a reproducibility record with the hashes of what went in and came out', async () => {
    const res = await call('owner', 'GET', `/v2/models/${entry.uuid}/instances/${instance.id}/record`);
    expect(res.status).toBe(200);
    const view = res.body;
    expect(view).toMatchObject({
      status: 'COMPLETED',
      language: 'R',
      ranBy: { id: 'owner' },
      subModel: { version: 1 },
      nonDeterministic: false,
      sameInputRuns: 1,
    });
    expect(view.record.modelFiles).toEqual([
      { path: 'markov_cohort.R', bytes: Buffer.byteLength(demoRScript()), sha256: sha256(demoRScript()) },
    ]);
    const stored = await call('owner', 'GET', `/v2/models/${entry.uuid}/instances/${instance.id}`);
    expect(view.record.inputSha256).toBe(sha256(canonical(JSON.parse(stored.body.input.value))));
    const resultText = await fetch(
      (
        await call(
          'owner',
          'GET',
          `/v2/models/${entry.uuid}/instances/${instance.id}/outputs?path=result.json`,
        )
      ).body.url,
    ).then((r) => r.text());
    expect(view.record.resultSha256).toBe(sha256(resultText));
    expect(view.record.exitCode).toBe(0);
    expect(view.record.runtime.version).toMatch(/^R version \d/);
    expect(view.record.runnerImage).toBe('local/model-repository-runner-r');
  });

  it('shows the group with its run in the queue and its details', async () => {
    const group = await call('owner', 'GET', `/v2/executions/${groupId}`);
    expect(group.status).toBe(200);
    expect(group.body).toMatchObject({ groupId, status: 'COMPLETED', restricted: false });
    const [run] = group.body.executions;
    expect(run).toMatchObject({
      status: 'COMPLETED',
      scenario: { id: instance.id, name: instance.name },
      filename: 'markov_cohort.R',
      createdBy: { id: 'owner' },
    });
    expect(Date.parse(run.queuedOn)).toBeLessThanOrEqual(Date.parse(run.startedOn));
    expect(Date.parse(run.startedOn)).toBeLessThanOrEqual(Date.parse(run.finishedOn));
    const queue = await call('owner', 'GET', '/v2/executions?pageSize=50');
    expect(queue.body.total).toBeGreaterThanOrEqual(1);
    expect(queue.body.items.some((g: Json) => g.groupId === groupId)).toBe(true);
  });

  it('runs again with the same inputs to the same result (not flagged non-deterministic)', async () => {
    await execute(entry, [instance.id]);
    expect(await waitForEnd(entry, instance.id)).toBe('COMPLETED');
    const res = await call('owner', 'GET', `/v2/models/${entry.uuid}/instances/${instance.id}/record`);
    expect(res.body).toMatchObject({ sameInputRuns: 2, distinctResults: 1, nonDeterministic: false });
  }, 240_000);
});

/** The final status of a run's Step Functions execution, whose name is the run id. */
async function executionEnd(runId: string): Promise<string> {
  const executionArn = `${localCloud().stateMachineArn.replace(':stateMachine:', ':execution:')}:${runId}`;
  return waitFor(
    `the execution of run ${runId} to end`,
    async () => {
      const { status } = await sfnClient().send(new DescribeExecutionCommand({ executionArn }));
      return status === 'RUNNING' ? undefined : status;
    },
    60_000,
  );
}

function defaults(): Record<string, number> {
  const definition = JSON.parse(demoRDefinition()) as {
    definitions: { name: string; defaultValue: number }[];
  };
  return Object.fromEntries(definition.definitions.map((d) => [d.name, d.defaultValue]));
}

describe('runs that do not complete', () => {
  it('cancels a running group: StopExecution, CANCELLED, and nothing later moves it back', async () => {
    const subModel = await addRunSubModel(entry, 'sleeper.R');
    const instance = await addInstance(entry, subModel);
    const groupId = await execute(entry, [instance.id]);
    await waitForStatus(entry, instance.id, 'INPROCESS');

    // A second click on Execute starts no second run.
    const again = await call('owner', 'POST', `/v2/models/${entry.uuid}/executions`, {
      instanceIds: [instance.id],
    });
    expect(again).toMatchObject({ status: 200, body: { groupId, created: false } });

    // Someone who neither created it nor has it shared may not cancel it.
    const refused = await call('lead', 'POST', `/v2/executions/${groupId}/cancel`);
    expect(refused.status).toBe(403);

    const cancelled = await call('owner', 'POST', `/v2/executions/${groupId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ cancelled: 1, executions: [{ status: 'CANCELLED' }] });
    expect(await instanceStatus(entry, instance.id)).toBe('CANCELLED');

    const twice = await call('owner', 'POST', `/v2/executions/${groupId}/cancel`);
    expect(twice).toMatchObject({
      status: 409,
      body: { message: 'No active Instance execution to be canceled found.' },
    });
    // The stopped execution ends (ABORTED); the run stays CANCELLED. Waiting for the execution's own
    // end, not a fixed time, is what lets a late step of it (Collect, MarkFailed) show itself here.
    const result = await call('owner', 'GET', `/v2/models/${entry.uuid}/instances/${instance.id}/result`);
    expect(await executionEnd(String(result.body.runId))).toBe('ABORTED');
    expect(await instanceStatus(entry, instance.id)).toBe('CANCELLED');
    const after = await call('owner', 'GET', `/v2/models/${entry.uuid}/instances/${instance.id}/result`);
    expect(after.body.error).toMatchObject({ code: 'CANCELLED' });
  }, 180_000);

  it('ends FAILED with the model’s own message when it exits non-zero', async () => {
    const subModel = await addRunSubModel(entry, 'failing.R');
    const instance = await addInstance(entry, subModel);
    await execute(entry, [instance.id]);
    expect(await waitForEnd(entry, instance.id)).toBe('FAILED');
    const result = await call('owner', 'GET', `/v2/models/${entry.uuid}/instances/${instance.id}/result`);
    expect(result.body.error.code).toBe('NON_ZERO_EXIT');
    expect(result.body.error.message).toContain('The model exited with code 3.');
    expect(result.body.error.message).toContain('The cohort is empty: check the population size.');
    expect(result.body.logs.stdout.text).toContain('starting');
    const record = await call('owner', 'GET', `/v2/models/${entry.uuid}/instances/${instance.id}/record`);
    expect(record.body).toMatchObject({
      status: 'FAILED',
      faultCode: 'NON_ZERO_EXIT',
      record: { exitCode: 3 },
    });
  }, 180_000);

  it('ends FAILED naming the place of the problem when result.json is malformed', async () => {
    const subModel = await addRunSubModel(entry, 'malformed.R');
    const instance = await addInstance(entry, subModel);
    await execute(entry, [instance.id]);
    expect(await waitForEnd(entry, instance.id)).toBe('FAILED');
    const result = await call('owner', 'GET', `/v2/models/${entry.uuid}/instances/${instance.id}/result`);
    expect(result.body.error.code).toBe('MALFORMED_RESULT');
    expect(result.body.error.message).toContain('elements[0].chartType');
  }, 180_000);

  it('ends FAILED when the runner process itself is killed', async () => {
    const subModel = await addRunSubModel(entry, 'quick_sleep.R');
    const instance = await addInstance(entry, subModel);
    const groupId = await execute(entry, [instance.id]);
    await waitForStatus(entry, instance.id, 'INPROCESS');
    const runId = (await call('owner', 'GET', `/v2/executions/${groupId}`)).body.executions[0].id as string;
    const pid = await waitFor('the runner process', async () => runnerPid(runId), 60_000);
    process.kill(pid, 'SIGKILL');
    expect(await waitForEnd(entry, instance.id)).toBe('FAILED');
    const result = await call('owner', 'GET', `/v2/models/${entry.uuid}/instances/${instance.id}/result`);
    expect(result.body.error.code).toBe('RUNNER_FAILED');
  }, 180_000);
});

/**
 * The runner entrypoint process of a run (its environment names the run): the sources through tsx
 * (`npm start`) or the test cloud's bundle (scripts/local/runner-bundle.ts).
 */
function runnerPid(runId: string): number | undefined {
  for (const entryName of readdirSync('/proc')) {
    if (!/^\d+$/.test(entryName)) continue;
    try {
      const environ = readFileSync(`/proc/${entryName}/environ`, 'utf8');
      const cmdline = readFileSync(`/proc/${entryName}/cmdline`, 'utf8');
      if (environ.includes(`RUN_ID=${runId}\0`) && /entrypoint\.(ts|mjs)\0/.test(cmdline))
        return Number(entryName);
    } catch {
      // Gone, or not ours to read.
    }
  }
  return undefined;
}

describe('parameter files', () => {
  it('gives the model the instance’s uploaded file and records its hash', async () => {
    const script = `library(jsonlite)
f <- list.files(file.path(Sys.getenv("MR_PARAMETER_DIR"), "data_file"), full.names = TRUE)
write_json(list(elements = list(list(kind = "section", title = basename(f[1]), text = paste(readLines(f[1]), collapse = "|")))),
  file.path(Sys.getenv("MR_OUTPUT_DIR"), "result.json"), auto_unbox = TRUE)
`;
    const withHelp = await createRunEntry({ 'reads_file.R': script }, {}, { 'guide.txt': 'Upload a CSV.' });
    const definition = JSON.stringify({
      definitions: [
        {
          id: 'data_file',
          name: 'data_file',
          title: 'Data file',
          question: 'Which data?',
          type: 'FILE',
          categoryId: '18',
          visible: true,
          required: true,
          viewable: true,
          expertiseLevel: 500,
          size: 1,
          files: withHelp.files['guide.txt'],
        },
      ],
    });
    const subModel = await addRunSubModel(withHelp, 'reads_file.R', { definition });
    const instance = await addInstance(withHelp, subModel);
    const body = 'time,survival\n0,1\n1,0.8\n';
    const ticket = await call(
      'owner',
      'POST',
      `/v2/models/${withHelp.uuid}/instances/${instance.id}/parameter-files`,
      {
        parameterName: 'data_file',
        fileName: 'km.csv',
        size: Buffer.byteLength(body),
      },
    );
    expect(ticket.status).toBe(200);
    const put = await fetch(ticket.body.upload.url, {
      method: 'PUT',
      body,
      headers: ticket.body.upload.headers,
    });
    expect(put.status).toBe(200);
    const values = await call('owner', 'PUT', `/v2/models/${withHelp.uuid}/instances/${instance.id}/inputs`, {
      modelInputId: subModel.inputId,
      value: JSON.stringify({ data_file: ticket.body.file }),
    });
    expect(values.status).toBe(200);

    await execute(withHelp, [instance.id]);
    expect(await waitForEnd(withHelp, instance.id)).toBe('COMPLETED');
    const result = await call('owner', 'GET', `/v2/models/${withHelp.uuid}/instances/${instance.id}/result`);
    expect(result.body.result.result.elements[0]).toMatchObject({
      title: 'km.csv',
      text: 'time,survival|0,1|1,0.8',
    });
    const record = await call('owner', 'GET', `/v2/models/${withHelp.uuid}/instances/${instance.id}/record`);
    expect(record.body.record.parameterFiles).toEqual([
      { path: 'data_file/km.csv', bytes: Buffer.byteLength(body), sha256: sha256(body) },
    ]);
  }, 180_000);
});

describe('Execute blockers (§5)', () => {
  it('refuses invalid parameters with the instance’s issues', async () => {
    const subModel = await addRunSubModel(entry, 'markov_cohort.R', { definition: demoRDefinition() });
    const instance = await addInstance(entry, subModel, { cycles: 500 });
    const res = await call('owner', 'POST', `/v2/models/${entry.uuid}/executions`, {
      instanceIds: [instance.id],
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      `The parameters of ${instance.name} are not valid: fix them in the instance editor before executing it.`,
    );
    expect(res.body.issues).toContainEqual(
      expect.objectContaining({ path: `instances.${instance.id}.values.cycles` }),
    );
    expect(await instanceStatus(entry, instance.id)).toBe('DRAFT');
  });

  it('refuses a Mathematica model with the runner’s message', async () => {
    const mathematica = await createRunEntry(
      { 'model.m': 'Print[1]' },
      { mathematica_environment: 'Mathematica 14.1' },
    );
    const subModel = await addRunSubModel(mathematica, 'model.m');
    const instance = await addInstance(mathematica, subModel);
    const res = await call('owner', 'POST', `/v2/models/${mathematica.uuid}/executions`, {
      instanceIds: [instance.id],
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^This deployment has no Mathematica runtime/);
  });

  it('requires an accepted calibration instance and gives the scenario its outputs', async () => {
    const calibration = await addRunSubModel(entry, 'calibrate.R', { type: 'calibration' });
    const scenario = await addRunSubModel(entry, 'uses_calibration.R', { executionSetupId: calibration.id });
    const run = await addInstance(entry, scenario);
    const blocked = await call('owner', 'POST', `/v2/models/${entry.uuid}/executions`, {
      instanceIds: [run.id],
    });
    expect(blocked.status).toBe(422);
    expect(blocked.body.message).toMatch(/^Select an accepted calibration instance of /);

    const fitted = await addInstance(entry, calibration);
    await execute(entry, [fitted.id]);
    expect(await waitForEnd(entry, fitted.id)).toBe('COMPLETED');
    // Completed is not enough: the calibration must be accepted.
    const notAccepted = await call('owner', 'POST', `/v2/models/${entry.uuid}/executions`, {
      instanceIds: [run.id],
      calibrationInstanceId: fitted.id,
    });
    expect(notAccepted.status).toBe(422);
    expect(
      (await call('modeler', 'POST', `/v2/models/${entry.uuid}/instances/${fitted.id}/accept`)).status,
    ).toBe(200);

    await execute(entry, [run.id], 'owner', { calibrationInstanceId: fitted.id });
    expect(await waitForEnd(entry, run.id)).toBe('COMPLETED');
    const result = await call('owner', 'GET', `/v2/models/${entry.uuid}/instances/${run.id}/result`);
    expect(result.body.result.result.elements[0]).toMatchObject({ text: 'shape 1.25 scale 7.50' });
    const record = await call('owner', 'GET', `/v2/models/${entry.uuid}/instances/${run.id}/record`);
    expect(record.body.record.parameterFiles.map((f: Json) => f.path)).toEqual([
      '_calibration/calibrated.json',
      '_calibration/result.json',
    ]);
  }, 300_000);
});

describe('calibration governance (§4)', () => {
  let calibration: { id: string; inputId: string };
  const run = async () => {
    const instance = await addInstance(entry, calibration);
    await execute(entry, [instance.id]);
    expect(await waitForEnd(entry, instance.id)).toBe('COMPLETED');
    return instance;
  };
  const act = (persona: string, id: string, action: string) =>
    call(persona, 'POST', `/v2/models/${entry.uuid}/instances/${id}/${action}`);

  beforeAll(async () => {
    calibration = await addRunSubModel(entry, 'calibrate.R', { type: 'calibration' });
  });

  it('accepts a completed calibration, superseding the one accepted before; unaccepts and supersedes', async () => {
    const first = await run();
    const second = await run();
    expect((await act('modeler', first.id, 'accept')).body).toEqual({
      instanceId: first.id,
      status: 'ACCEPTED',
    });
    const accepted = await act('owner', second.id, 'accept');
    expect(accepted.body).toEqual({
      instanceId: second.id,
      status: 'ACCEPTED',
      superseded: { id: first.id, name: first.name },
    });
    expect(await instanceStatus(entry, first.id)).toBe('SUPERSEDED');

    // The owner (its creator) hears of it as governance, not as an execution that completed (issue 21 §11).
    const ws = new WebSocket(`${localCloud().ws}?token=${await idToken('owner')}`);
    const causes: string[] = [];
    try {
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      ws.on('message', (data) => {
        const message = JSON.parse(data.toString()) as Json;
        if (message.type === 'execution-status' && message.scenario.id === second.id)
          causes.push(`${message.execution.status} ${message.execution.cause}`);
      });
      expect((await act('modeler', second.id, 'unaccept')).body.status).toBe('COMPLETED');
      await waitFor('the unaccept push', async () => (causes.length > 0 ? true : undefined), 30_000);
      expect(causes).toEqual(['COMPLETED governance']);
    } finally {
      ws.close();
    }
    const notAccepted = await act('modeler', second.id, 'supersede');
    expect(notAccepted).toMatchObject({
      status: 409,
      body: { message: 'Only an accepted instance can be superseded.' },
    });
    expect((await act('modeler', second.id, 'accept')).body).toEqual({
      instanceId: second.id,
      status: 'ACCEPTED',
    });
    expect((await act('modeler', second.id, 'supersede')).body.status).toBe('SUPERSEDED');
    expect(await instanceStatus(entry, second.id)).toBe('SUPERSEDED');
  }, 300_000);

  it('refuses drafts, scenario instances and people who do not govern calibrations', async () => {
    const draft = await addInstance(entry, calibration);
    expect(await act('modeler', draft.id, 'accept')).toMatchObject({
      status: 409,
      body: { message: 'Only a completed instance can be accepted.' },
    });
    const done = await run();
    // A viewer sees calibrations but does not decide which one counts; a scenario modeler does not see them.
    expect((await act('viewer', done.id, 'accept')).status).toBe(403);
    expect((await act('employee', done.id, 'accept')).status).toBe(404);
    const scenario = await addRunSubModel(entry, 'markov_cohort.R');
    const scenarioInstance = await addInstance(entry, scenario);
    expect(await act('owner', scenarioInstance.id, 'accept')).toMatchObject({
      status: 409,
      body: { message: 'Scenario instances are not accepted, unaccepted or superseded.' },
    });
  }, 240_000);
});

describe('the execution queue and who sees what', () => {
  it('lists every group but hides the names of what the caller cannot see', async () => {
    const calibration = await addRunSubModel(entry, 'calibrate.R', { type: 'calibration' });
    const instance = await addInstance(entry, calibration);
    const groupId = await execute(entry, [instance.id]);
    const find = async (persona: string) => {
      const res = await call(persona, 'GET', '/v2/executions?pageSize=100');
      expect(res.status).toBe(200);
      return res.body.items.find((g: Json) => g.groupId === groupId);
    };
    expect(await find('owner')).toMatchObject({
      restricted: false,
      executions: [{ scenario: { name: instance.name }, restricted: false }],
    });
    // hta holds no role on the draft: neither the entry nor the instance. The row carries no ids
    // (authorization-findings.test.ts checks its whole shape), so it cannot be found by its group.
    expect(await find('hta')).toBeUndefined();
    const hta = await call('hta', 'GET', '/v2/executions?pageSize=100');
    expect(hta.body.items).toContainEqual(
      expect.objectContaining({
        restricted: true,
        model: { name: 'Restricted access' },
        executions: [
          expect.objectContaining({ scenario: { name: 'Restricted access' }, filename: 'Restricted access' }),
        ],
      }),
    );
    // A scenario modeler sees the entry, not its calibration section.
    const employee = await find('employee');
    expect(employee.restricted).toBe(false);
    expect(employee.executions[0]).toMatchObject({
      restricted: true,
      scenario: { name: 'Restricted access' },
    });
    expect((await call('hta', 'GET', `/v2/executions/${groupId}`)).status).toBe(404);
    await waitForEnd(entry, instance.id);
  }, 180_000);

  it('pages by offset, newest first', async () => {
    const all = await call('owner', 'GET', '/v2/executions?pageSize=10');
    const next = await call('owner', 'GET', '/v2/executions?pageSize=10&pageIndex=1');
    expect(all.body.items.length).toBeGreaterThan(1);
    expect(next.body.items[0].groupId).toBe(all.body.items[1].groupId);
    const dates = all.body.items.map((g: Json) => g.createdOn);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

describe('non-deterministic runs', () => {
  it('flags two runs with the same inputs and different results', async () => {
    const subModel = await addRunSubModel(entry, 'random.R');
    const instance = await addInstance(entry, subModel);
    await execute(entry, [instance.id]);
    expect(await waitForEnd(entry, instance.id)).toBe('COMPLETED');
    await execute(entry, [instance.id]);
    expect(await waitForEnd(entry, instance.id)).toBe('COMPLETED');
    const res = await call('owner', 'GET', `/v2/models/${entry.uuid}/instances/${instance.id}/record`);
    expect(res.body).toMatchObject({ sameInputRuns: 2, distinctResults: 2, nonDeterministic: true });
  }, 240_000);
});

describe('live status', () => {
  const sockets: WebSocket[] = [];
  afterAll(() => {
    for (const ws of sockets) ws.close();
  });

  it('pushes every status change to the instance’s creator', async () => {
    const ws = new WebSocket(`${localCloud().ws}?token=${await idToken('owner')}`);
    sockets.push(ws);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    // No wait needed before the first push: like API Gateway, the local gateway completes the upgrade
    // ('open') only after $connect has stored the connection (scripts/local/gateway.ts).
    const subModel = await addRunSubModel(entry, 'malformed.R');
    const instance = await addInstance(entry, subModel);
    const statuses: string[] = [];
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as Json;
      if (message.type === 'execution-status' && message.scenario.id === instance.id) {
        expect(message.scenario.name).toBe(instance.name);
        expect(message.execution.cause).toBe('run');
        statuses.push(message.execution.status);
      }
    });
    await execute(entry, [instance.id]);
    await waitFor('the FAILED push', async () => (statuses.includes('FAILED') ? true : undefined), 120_000);
    // In the order of the run, each once: INQUEUE may be skipped when Prepare starts the run first.
    const order = ['NOTSTARTED', 'INQUEUE', 'INPROCESS', 'FAILED'];
    expect(statuses[0]).toBe('NOTSTARTED');
    expect(statuses).toContain('INPROCESS');
    expect(statuses.at(-1)).toBe('FAILED');
    expect(statuses.map((st) => order.indexOf(st))).toEqual(
      [...new Set(statuses)].map((st) => order.indexOf(st)).sort(),
    );
  }, 180_000);
});

describe('a run that reaches its timeout (started in the file’s beforeAll)', () => {
  it('stops a model at its timeout, with every process it started, and ends FAILED', async () => {
    expect(await waitForEnd(entry, timedOut.id, 240_000)).toBe('FAILED');
    const result = await call('owner', 'GET', `/v2/models/${entry.uuid}/instances/${timedOut.id}/result`);
    expect(result.body.error.code).toBe('TIMEOUT');
    expect(result.body.error.message).toContain('timed out after 1 minute');
  }, 300_000);
});
