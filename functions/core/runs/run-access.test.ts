import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Run access (the runner's only way to storage) with its data stubbed. */

const access = vi.hoisted(() => ({
  getRunAccess: vi.fn(),
  putRunAccess: vi.fn(),
  presignRunGet: vi.fn(async (key: string) => `https://get.example/${key}`),
  presignRunPut: vi.fn(async (key: string) => `https://put.example/${key}`),
}));
const executions = vi.hoisted(() => ({ getExecutionRun: vi.fn() }));
const documents = vi.hoisted(() => new Map<string, unknown>());
vi.mock('../../data/run-access', () => access);
vi.mock('../../data/executions', () => executions);
vi.mock('../../data/run-files', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../data/run-files')>()),
  findRunDocument: vi.fn(async (key: string) => documents.get(key)),
}));

const { runAccess, grantRunAccess, outputKeyOf } = await import('./run-access');

const TOKEN = 'a-token-made-by-prepare-for-RUN1-only-0123456';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const job = {
  runId: 'RUN1',
  groupId: 'G1',
  instanceId: 'I1',
  modelUuid: 'M1',
  language: 'Python',
  files: [{ key: 'models/M1/files/F1', path: 'main.py' }],
  entry: 'main.py',
  valuesKey: 'runs/RUN1/values.json',
  parameterFiles: [
    { key: 'parameter-files/M1/P1', path: 'survival/km.csv' },
    { key: 'runs/CAL1/outputs/fit.csv', path: '_calibration/fit.csv' },
  ],
  outputDir: 'output',
  timeoutSeconds: 60,
  outcomeKey: 'runs/RUN1/outcome.json',
  resultKey: 'runs/RUN1/result.json',
  archiveKey: 'runs/RUN1/outputs.zip',
  outputsPrefix: 'runs/RUN1/outputs/',
  runnerErrorKey: 'runs/RUN1/runner-error.json',
  subModel: { id: 'S1', name: 'Base', version: 1 },
  ranBy: { id: 'u1', name: 'User' },
  requestedOn: '2026-01-01T00:00:00.000Z',
};
const signedKeys = () => [
  ...access.presignRunGet.mock.calls.map((c) => c[0]),
  ...access.presignRunPut.mock.calls.map((c) => c[0]),
];

beforeEach(() => {
  vi.clearAllMocks();
  documents.clear();
  documents.set('runs/RUN1/job.json', job);
  access.getRunAccess.mockImplementation(async (runId: string) =>
    runId === 'RUN1'
      ? { runId: 'RUN1', groupId: 'G1', instanceId: 'I1', tokenSha256: sha256(TOKEN), createdOn: '' }
      : undefined,
  );
  executions.getExecutionRun.mockResolvedValue({ runId: 'RUN1', status: 'INPROCESS' });
});

describe('run access for the runner', () => {
  it('gives GET URLs for the job and every object the job names, and nothing else', async () => {
    const answer = await runAccess({ runId: 'RUN1', token: TOKEN, request: 'inputs' });

    expect(answer).toMatchObject({ job: 'https://get.example/runs/RUN1/job.json' });
    expect(Object.keys((answer as { objects: object }).objects).sort()).toEqual([
      'models/M1/files/F1',
      'parameter-files/M1/P1',
      'runs/CAL1/outputs/fit.csv',
      'runs/RUN1/values.json',
    ]);
    expect(access.presignRunPut).not.toHaveBeenCalled();
  });

  it('gives PUT URLs for this run’s output keys only', async () => {
    const answer = await runAccess({
      runId: 'RUN1',
      token: TOKEN,
      request: 'outputs',
      paths: ['trace.csv', 'plots/survival.png'],
    });

    expect(answer).toMatchObject({
      outputs: {
        'trace.csv': 'https://put.example/runs/RUN1/outputs/trace.csv',
        'plots/survival.png': 'https://put.example/runs/RUN1/outputs/plots/survival.png',
      },
      archive: 'https://put.example/runs/RUN1/outputs.zip',
      result: 'https://put.example/runs/RUN1/result.json',
      outcome: 'https://put.example/runs/RUN1/outcome.json',
      runnerError: 'https://put.example/runs/RUN1/runner-error.json',
    });
    expect(signedKeys().every((key) => key.startsWith('runs/RUN1/'))).toBe(true);
    expect(access.presignRunGet).not.toHaveBeenCalled();
  });

  it.each([
    ['a wrong token', { runId: 'RUN1', token: `${TOKEN}x` }],
    ['another run’s id with this run’s token', { runId: 'RUN2', token: TOKEN }],
  ])('refuses %s and signs nothing', async (_case, who) => {
    for (const request of [{ request: 'inputs' }, { request: 'outputs', paths: ['trace.csv'] }])
      await expect(runAccess({ ...who, ...request })).rejects.toMatchObject({ name: 'RunAccessDenied' });
    expect(signedKeys()).toEqual([]);
  });

  it.each(['COMPLETED', 'FAILED', 'CANCELLED', 'POSTPROCESSING'])(
    'refuses a run that is %s: its access has ended',
    async (status) => {
      executions.getExecutionRun.mockResolvedValue({ runId: 'RUN1', status });
      await expect(
        runAccess({ runId: 'RUN1', token: TOKEN, request: 'outputs', paths: ['trace.csv'] }),
      ).rejects.toThrow(`Run RUN1 is ${status}; its access has ended.`);
      expect(signedKeys()).toEqual([]);
    },
  );

  it('refuses when the instance has started a later run', async () => {
    executions.getExecutionRun.mockResolvedValue({ runId: 'RUN9', status: 'INPROCESS' });
    await expect(runAccess({ runId: 'RUN1', token: TOKEN, request: 'inputs' })).rejects.toMatchObject({
      name: 'RunAccessDenied',
    });
  });

  it.each([
    '../RUN2/result.json',
    '../../runs/RUN2/job.json',
    'a/../../x',
    '/etc/passwd',
    'a//b',
    './x',
    'a/.',
    '',
    'x\u0000y',
    'a\\..\\b',
    'x'.repeat(1025),
  ])('refuses the output path %j before reading anything', async (path) => {
    await expect(
      runAccess({ runId: 'RUN1', token: TOKEN, request: 'outputs', paths: ['ok.csv', path] }),
    ).rejects.toMatchObject({ name: 'RunAccessRequestInvalid' });
    expect(access.getRunAccess).not.toHaveBeenCalled();
    expect(signedKeys()).toEqual([]);
  });

  it('refuses a job that names another entry’s files', async () => {
    documents.set('runs/RUN1/job.json', {
      ...job,
      files: [...job.files, { key: 'models/OTHER/files/F9', path: 'other.py' }],
    });
    await expect(runAccess({ runId: 'RUN1', token: TOKEN, request: 'inputs' })).rejects.toThrow(
      'models/OTHER/files/F9',
    );
    expect(signedKeys()).toEqual([]);
  });

  it.each([
    'models/M1/files/%2e%2e/%2e%2e/models/OTHER/files/F9',
    'models/M1/files/a\\..\\..\\OTHER',
    'models/M1/files//F1',
    `models/M1/files/${'x'.repeat(256)}`,
  ])('refuses a job key %j that the key builder would not build', async (key) => {
    documents.set('runs/RUN1/job.json', { ...job, files: [...job.files, { key, path: 'x.py' }] });
    await expect(runAccess({ runId: 'RUN1', token: TOKEN, request: 'inputs' })).rejects.toThrow(
      key.slice(0, 40),
    );
    expect(signedKeys()).toEqual([]);
  });

  it.each([
    ['no token', { runId: 'RUN1', request: 'inputs' }],
    ['an unknown request', { runId: 'RUN1', token: TOKEN, request: 'everything' }],
    ['a run id that is a path', { runId: '../RUN1', token: TOKEN, request: 'inputs' }],
    ['too many paths', { runId: 'RUN1', token: TOKEN, request: 'outputs', paths: Array(501).fill('x') }],
  ])('refuses a request with %s', async (_case, request) => {
    await expect(runAccess(request)).rejects.toMatchObject({ name: 'RunAccessRequestInvalid' });
    expect(signedKeys()).toEqual([]);
  });
});

describe('grantRunAccess', () => {
  it('stores only the hash of a new random token per call', async () => {
    const run = { runId: 'RUN1', groupId: 'G1', instanceId: 'I1' };
    const first = await grantRunAccess(run, 700);
    const second = await grantRunAccess(run, 700);

    expect(first).not.toBe(second);
    expect(Buffer.from(first, 'base64url')).toHaveLength(32);
    expect(access.putRunAccess.mock.calls[0]?.[0]).toMatchObject({ ...run, tokenSha256: sha256(first) });
    expect(JSON.stringify(access.putRunAccess.mock.calls)).not.toContain(first);
  });
});

describe('outputKeyOf', () => {
  it('puts plain relative paths under the run outputs', () => {
    expect(outputKeyOf('RUN1', 'plots/km curve (1).png')).toBe('runs/RUN1/outputs/plots/km curve (1).png');
  });

  it('refuses a percent-encoded parent segment', () => {
    expect(() => outputKeyOf('RUN1', 'a/%2e%2e/b')).toThrow(/\. or \.\. segment/);
  });
});
