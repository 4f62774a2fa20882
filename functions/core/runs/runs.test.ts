import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The run-model state machine's Lambda tasks with their data stubbed: Prepare, Collect, MarkFailed. */

const events = vi.hoisted(() => ({ applyRunEvent: vi.fn() }));
const executions = vi.hoisted(() => ({ getExecutionRun: vi.fn() }));
const instances = vi.hoisted(() => ({ getInstance: vi.fn(), getInstanceInput: vi.fn() }));
const models = vi.hoisted(() => ({ getModel: vi.fn() }));
const modelFiles = vi.hoisted(() => ({ listModelFiles: vi.fn() }));
const subModels = vi.hoisted(() => ({ getInput: vi.fn(), getSubModel: vi.fn() }));
const documents = vi.hoisted(() => new Map<string, unknown>());
const records = vi.hoisted(() => ({ putRunRecord: vi.fn(), addFingerprintResult: vi.fn() }));
const runAccess = vi.hoisted(() => ({ putRunAccess: vi.fn() }));
vi.mock('./run-events', () => events);
vi.mock('../../data/executions', () => executions);
vi.mock('../../data/instances', () => instances);
vi.mock('../../data/models', () => models);
vi.mock('../../data/model-files', () => modelFiles);
vi.mock('../../data/sub-models', () => subModels);
vi.mock('../../data/run-records', () => records);
vi.mock('../../data/run-access', () => runAccess);
vi.mock('../../data/run-files', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../data/run-files')>();
  return {
    ...actual,
    putRunDocument: vi.fn(async (key: string, doc: unknown) => void documents.set(key, doc)),
    putRunText: vi.fn(async (key: string, text: string) => void documents.set(key, text)),
    findRunDocument: vi.fn(async (key: string) => documents.get(key)),
    getRunDocument: vi.fn(async (key: string) => {
      if (!documents.has(key)) throw new Error(`Run document ${key} does not exist`);
      return documents.get(key);
    }),
  };
});

const { prepareRun, canonicalJson } = await import('./prepare-run');
const { ConflictError } = await import('../../lib/errors');
const { collectRun } = await import('./collect-run');
const { markFailed, fromCaughtError } = await import('./mark-run-failed');
const { inputFingerprint } = await import('./run-record');

const ids = { runId: 'RUN1', groupId: 'G1', instanceId: 'I1', modelUuid: 'M1' };
const template = JSON.stringify({
  definitions: [
    {
      id: 'survival',
      name: 'survival',
      title: 'Survival data',
      question: 'Which data?',
      type: 'FILE',
      categoryId: '18',
      visible: true,
      required: false,
      viewable: true,
      expertiseLevel: 500,
      size: 1,
      files: 'help1',
    },
  ],
});
const sha = (c: string) => c.repeat(64);
const record = {
  language: 'R',
  entry: 'model.R',
  runtime: { version: 'R version 4.2.2', packages: {} },
  runnerImage: 'local/model-repository-runner-r',
  modelFiles: [{ path: 'model.R', bytes: 10, sha256: sha('a') }],
  parameterFiles: [],
  inputSha256: sha('b'),
  resultSha256: sha('c'),
  exitCode: 0,
  signal: null,
  startedOn: '2026-01-01T00:00:00.000Z',
  finishedOn: '2026-01-01T00:00:01.000Z',
  durationMs: 1000,
};
const outcome = (extra: Record<string, unknown> = {}) => ({
  status: 'COMPLETED',
  result: { kind: 'files' },
  outputFiles: [{ path: 'trace.csv', bytes: 3, sha256: sha('d') }],
  notes: [],
  stdout: { text: '', droppedBytes: 0 },
  stderr: { text: '', droppedBytes: 0 },
  record,
  runner: { startedOn: record.startedOn, finishedOn: record.finishedOn, downloadMs: 5, uploadMs: 5 },
  ...extra,
});

beforeEach(() => {
  vi.clearAllMocks();
  documents.clear();
  events.applyRunEvent.mockResolvedValue(true);
  executions.getExecutionRun.mockResolvedValue({
    ...ids,
    status: 'INPROCESS',
    createdBy: 'owner',
    createdByName: 'Olivia Owner',
    createdOn: '2026-01-01T00:00:00.000Z',
  });
  models.getModel.mockResolvedValue({ uuid: 'M1', metadata: {} });
  instances.getInstance.mockResolvedValue({
    id: 'I1',
    modelUuid: 'M1',
    executionSetupId: 'S1',
    modelInputId: 'D1',
    name: 'Base',
  });
  instances.getInstanceInput.mockResolvedValue({
    value: '{"z": 1, "survival": {"id": "P1", "name": "km.csv"}, "a": [2, {"y": 1, "b": 0}]}',
  });
  subModels.getSubModel.mockResolvedValue({
    id: 'S1',
    name: 'Base case',
    version: 3,
    executionModels: ['F1', 'F2'],
    outputPathDir: 'output',
    timeoutSeconds: 120,
  });
  subModels.getInput.mockResolvedValue({ type: 'JSONTEMPLATE', value: template });
  modelFiles.listModelFiles.mockResolvedValue([
    {
      uuid: 'F1',
      name: 'data.csv',
      path: 'data',
      folder: false,
      mainFile: false,
      s3Key: 'models/M1/files/F1',
    },
    { uuid: 'F2', name: 'model.R', path: '', folder: false, mainFile: true, s3Key: 'models/M1/files/F2' },
  ]);
});

describe('prepareRun', () => {
  it('moves the run to INPROCESS and writes the job: files, entry, values, parameter files, timeout', async () => {
    const prepared = await prepareRun(ids);
    expect(events.applyRunEvent).toHaveBeenCalledWith(
      expect.objectContaining({ to: 'INPROCESS', instanceId: 'I1' }),
    );
    expect(prepared).toEqual({
      runId: 'RUN1',
      jobKey: 'runs/RUN1/job.json',
      accessToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      runner: 'r',
      timeoutSeconds: 120 + 600,
      modelTimeoutSeconds: 120,
    });
    // Only the token's hash is stored, for this run's group and instance.
    expect(runAccess.putRunAccess).toHaveBeenCalledWith(
      expect.objectContaining({
        runId: 'RUN1',
        groupId: 'G1',
        instanceId: 'I1',
        tokenSha256: createHash('sha256').update(prepared.accessToken).digest('hex'),
      }),
      expect.any(Number),
    );
    expect(JSON.stringify(runAccess.putRunAccess.mock.calls)).not.toContain(prepared.accessToken);
    expect(documents.get('runs/RUN1/job.json')).toMatchObject({
      language: 'R',
      entry: 'model.R',
      files: [
        { key: 'models/M1/files/F1', path: 'data/data.csv' },
        { key: 'models/M1/files/F2', path: 'model.R' },
      ],
      parameterFiles: [{ key: 'parameter-files/M1/P1', path: 'survival/km.csv' }],
      outputDir: 'output',
      timeoutSeconds: 120,
      subModel: { id: 'S1', name: 'Base case', version: 3 },
      ranBy: { id: 'owner', name: 'Olivia Owner' },
    });
    // Canonical values: keys sorted at every level.
    expect(documents.get('runs/RUN1/values.json')).toBe(
      '{"a":[2,{"b":0,"y":1}],"survival":{"id":"P1","name":"km.csv"},"z":1}',
    );
  });

  it('does not start a run that was cancelled meanwhile', async () => {
    events.applyRunEvent.mockResolvedValue(false);
    executions.getExecutionRun.mockResolvedValue({ ...ids, status: 'CANCELLED' });
    await expect(prepareRun(ids)).rejects.toMatchObject({ name: 'RunNotActive' });
    expect(documents.size).toBe(0);
  });

  it('gives no token to a run stopped while it was prepared', async () => {
    runAccess.putRunAccess.mockRejectedValueOnce(new ConflictError('Run RUN1 is no longer in process.'));
    await expect(prepareRun(ids)).rejects.toMatchObject({ name: 'RunNotActive' });
  });

  it('goes on when Step Functions retries it on a run it already started', async () => {
    events.applyRunEvent.mockResolvedValue(false);
    await expect(prepareRun(ids)).resolves.toMatchObject({ runner: 'r' });
  });

  it('fails for the modeler when an execution file is gone', async () => {
    modelFiles.listModelFiles.mockResolvedValue([
      { uuid: 'F2', name: 'model.R', path: '', folder: false, mainFile: true, s3Key: 'models/M1/files/F2' },
    ]);
    await expect(prepareRun(ids)).rejects.toMatchObject({
      name: 'PipelineError',
      message: 'F1 file is/are missing.',
    });
  });
});

describe('canonicalJson', () => {
  it('gives equal values equal text, whatever their key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 1, e: 2 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [1, { e: 2, f: 1 }] }, b: 1 }),
    );
  });
});

describe('collectRun', () => {
  const state = {
    ...ids,
    prepared: {
      runId: 'RUN1',
      jobKey: 'runs/RUN1/job.json',
      runner: 'r',
      timeoutSeconds: 720,
      modelTimeoutSeconds: 120,
    },
  };

  beforeEach(async () => {
    await prepareRun(ids);
    vi.clearAllMocks();
    events.applyRunEvent.mockResolvedValue(true);
  });

  it('records the run and completes it', async () => {
    documents.set('runs/RUN1/outcome.json', outcome());
    expect(await collectRun(state)).toEqual({ runId: 'RUN1', status: 'COMPLETED', resultKind: 'files' });
    expect(events.applyRunEvent.mock.calls.map((c) => c[0].to)).toEqual(['POSTPROCESSING', 'COMPLETED']);
    expect(records.putRunRecord).toHaveBeenCalledWith(
      expect.objectContaining({
        runId: 'RUN1',
        status: 'COMPLETED',
        subModel: { id: 'S1', name: 'Base case', version: 3 },
      }),
    );
    expect(records.addFingerprintResult).toHaveBeenCalledWith(
      'M1',
      inputFingerprint(record),
      sha('c'),
      'RUN1',
    );
  });

  it('fails when the runner left no outcome or an unreadable one', async () => {
    await expect(collectRun(state)).rejects.toMatchObject({
      name: 'PipelineError',
      message: 'The runner ended without reporting what happened (no outcome.json).',
    });
    documents.set('runs/RUN1/outcome.json', { status: 'COMPLETED' });
    await expect(collectRun(state)).rejects.toMatchObject({ name: 'PipelineError' });
    expect(events.applyRunEvent.mock.calls.map((c) => c[0].to)).not.toContain('COMPLETED');
  });
});

describe('markFailed', () => {
  it('takes the runner’s fault first and keeps the failed run’s record', async () => {
    await prepareRun(ids);
    documents.set(
      'runs/RUN1/outcome.json',
      outcome({
        status: 'FAILED',
        result: undefined,
        fault: { code: 'NON_ZERO_EXIT', message: 'The model exited with code 3.' },
      }),
    );
    const out = await markFailed({ ...ids, error: { Error: 'States.TaskFailed', Cause: '{}' } });
    expect(out).toMatchObject({ status: 'FAILED', applied: true, error: { code: 'NON_ZERO_EXIT' } });
    expect(events.applyRunEvent).toHaveBeenLastCalledWith(
      expect.objectContaining({
        to: 'FAILED',
        error: { code: 'NON_ZERO_EXIT', message: 'The model exited with code 3.' },
      }),
    );
    expect(records.putRunRecord).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'FAILED', faultCode: 'NON_ZERO_EXIT' }),
    );
  });

  it('then the runner’s own error', async () => {
    documents.set('runs/RUN1/runner-error.json', {
      message: 'The execution file model.R could not be read.',
      at: 'x',
    });
    expect((await markFailed({ ...ids, error: { Error: 'States.TaskFailed' } })).error).toEqual({
      code: 'RUNNER_FAILED',
      message: 'The execution file model.R could not be read.',
    });
  });

  it('leaves a cancelled run cancelled', async () => {
    events.applyRunEvent.mockResolvedValue(false);
    expect((await markFailed({ ...ids, error: { Error: 'RunNotActive', Cause: 'x' } })).applied).toBe(false);
  });
});

describe('fromCaughtError (no outcome)', () => {
  it('explains a task timeout with the model’s timeout', () => {
    expect(
      fromCaughtError({ prepared: { modelTimeoutSeconds: 120 }, error: { Error: 'States.Timeout' } }),
    ).toMatchObject({
      code: 'TIMEOUT',
      message: expect.stringContaining("the model's timeout is 2 minutes"),
    });
  });

  it('reads a Lambda task’s PipelineError as AWS and as the local cloud give it', () => {
    const aws = {
      Error: 'PipelineError',
      Cause: JSON.stringify({ errorType: 'PipelineError', errorMessage: 'Gone.' }),
    };
    expect(fromCaughtError({ error: aws })).toEqual({ code: 'SETUP_FAILED', message: 'Gone.' });
    expect(fromCaughtError({ error: { Error: 'PipelineError', Cause: 'Gone.' } })).toEqual({
      code: 'SETUP_FAILED',
      message: 'Gone.',
    });
  });

  it('says the runner stopped when its task ended without an outcome', () => {
    const cause = JSON.stringify({ TaskArn: 't', Containers: [{ Name: 'runner', ExitCode: 137 }] });
    expect(fromCaughtError({ error: { Error: 'States.TaskFailed', Cause: cause } })).toMatchObject({
      code: 'RUNNER_FAILED',
      message: expect.stringContaining('exit code 137'),
    });
  });
});

describe('inputFingerprint', () => {
  it('depends on the inputs’ hashes, not on the order the files were listed in', () => {
    const two = [
      { path: 'a.R', bytes: 1, sha256: sha('1') },
      { path: 'b.csv', bytes: 1, sha256: sha('2') },
    ];
    const base = { entry: 'a.R', modelFiles: two, parameterFiles: [], inputSha256: sha('3') };
    expect(inputFingerprint(base)).toBe(inputFingerprint({ ...base, modelFiles: [...two].reverse() }));
    expect(inputFingerprint(base)).not.toBe(inputFingerprint({ ...base, inputSha256: sha('4') }));
  });
});
