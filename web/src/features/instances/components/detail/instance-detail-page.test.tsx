import type { InstanceResult, RunRecordView } from '@shared/schemas/execution-api';
import type { InstanceStatus } from '@shared/sub-models/instances';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMessages, getMessages } from '../../../../lib/message-stack';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { detail, INPUT_ID, inWorkspace, recordView, runResult, sha, UUID } from '../../api/test-fixtures';
import { CALIBRATION_TEXTS } from '../form/calibration-picker';
import { errorPairs, InstanceDetailPage, prettyInput, RUN_STATE_TEXTS } from './instance-detail-page';
import { formatDuration, shortHash } from './run-format';
import { RUN_TEXTS } from './run-record';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const INSTANCE = `/models/${UUID}/instances/01I`;

beforeEach(() => configureTestApi());
// CodeMirror (the JSON viewer) measures text ranges, which jsdom does not lay out.
beforeAll(() => {
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearMessages();
});

const open = () =>
  render(
    inWorkspace(<InstanceDetailPage />, {
      path: `/model/${UUID}/instance/01I/detail`,
      pattern: '/model/:modelUuid/instance/:scenarioId/detail',
    }),
  );

describe('instance detail (spec 001 §2)', { timeout: 30_000 }, () => {
  it('shows the input data read-only, and asks for no run error of a draft', async () => {
    const fetchMock = stubFetch(
      on('GET', INSTANCE, () =>
        json(
          200,
          detail({ id: '01I', name: 'Base run', input: { modelInputId: INPUT_ID, value: '{"rate":0.5}' } }),
        ),
      ),
    );
    open();
    expect(await screen.findByRole('heading', { name: 'Base run' })).toBeInTheDocument();
    expect(screen.getByText('Not Executed')).toBeInTheDocument();
    // The lazy JSON viewer: CodeMirror's content, named and not editable.
    const viewer = await screen.findByRole('textbox', { name: 'Input Data' });
    expect(viewer).toHaveAttribute('contenteditable', 'false');
    expect(viewer).toHaveTextContent('"rate": 0.5');
    expect(callsTo(fetchMock, 'GET', `${INSTANCE}/result`)).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Execution Failed' })).not.toBeInTheDocument();
  });

  it('names the calibration a scenario uses, and says when it is no longer accepted (issue 21 §1)', async () => {
    stubFetch(
      on('GET', INSTANCE, () =>
        json(
          200,
          detail({
            id: '01I',
            scenarioId: '01OLD',
            calibration: { id: '01OLD', name: 'Fit 2024', status: 'SUPERSEDED' },
          }),
        ),
      ),
    );
    open();
    const used = await screen.findByText(CALIBRATION_TEXTS.uses('Fit 2024'));
    expect(used.closest('div')).toHaveTextContent(CALIBRATION_TEXTS.label);
    expect(used).toHaveTextContent(CALIBRATION_TEXTS.notAccepted('Superseded'));
  });

  it('shows the error of a failed run as name/value pairs', async () => {
    stubFetch(
      on('GET', INSTANCE, () => json(200, detail({ id: '01I', status: 'FAILED' }))),
      on('GET', `${INSTANCE}/result`, () =>
        json(200, {
          instanceId: '01I',
          status: 'FAILED',
          runId: 'r1',
          groupId: 'g1',
          files: [],
          notes: [],
          error: { code: 'MODEL_ERROR', message: 'Division by zero in sheet Costs' },
        }),
      ),
    );
    open();
    expect(await screen.findByRole('heading', { name: 'Execution Failed' })).toBeInTheDocument();
    expect(screen.getByText('Division by zero in sheet Costs')).toBeInTheDocument();
    expect(screen.getByText('MODEL_ERROR')).toBeInTheDocument();
  });

  it('says a draft has not been executed, and asks for no record', async () => {
    const fetchMock = stubFetch(on('GET', INSTANCE, () => json(200, detail({ id: '01I' }))));
    open();
    expect(await screen.findByText(RUN_STATE_TEXTS.notExecuted)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `${INSTANCE}/record`)).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Reproducibility Record' })).not.toBeInTheDocument();
  });

  it('waits for a running execution to end before asking for its result or record', async () => {
    const fetchMock = stubFetch(
      on('GET', INSTANCE, () => json(200, detail({ id: '01I', status: 'INPROCESS', lastGroupId: '01G' }))),
    );
    open();
    expect(await screen.findByText(RUN_STATE_TEXTS.running)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `${INSTANCE}/record`)).toHaveLength(0);
    expect(callsTo(fetchMock, 'GET', `${INSTANCE}/result`)).toHaveLength(0);
  });

  it('pretty-prints JSON and leaves other text as it is', () => {
    expect(prettyInput('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyInput('not json')).toBe('not json');
    expect(errorPairs(undefined)).toEqual([]);
  });
});

/** Serves a run instance of `status` with its result and record. */
function serveRun(
  status: InstanceStatus,
  {
    result = runResult(),
    record = recordView(),
  }: { result?: InstanceResult; record?: RunRecordView | null } = {},
) {
  return stubFetch(
    on('GET', INSTANCE, () =>
      json(200, detail({ id: '01I', name: 'Base run', status, lastGroupId: '01GROUP' })),
    ),
    on('GET', `${INSTANCE}/result`, () => json(200, result)),
    on('GET', `${INSTANCE}/record`, () =>
      record
        ? json(200, record)
        : json(404, { code: 'NOT_FOUND', message: 'This run has no reproducibility record.' }),
    ),
  );
}

const recordSection = async () =>
  screen.findByRole('region', { name: 'Reproducibility Record' }, { timeout: 10_000 });
/** The value of a fact (<dt>name</dt><dd>value</dd>) of the record. */
const fact = (section: HTMLElement, name: string) =>
  within(section).getByText(name, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('the run of an instance (issue 11 §4: reproducibility record, output, notes)', {
  timeout: 30_000,
}, () => {
  it('shows the record: runner image, runtime and packages, sub-model version, who ran it, exit, duration', async () => {
    serveRun('COMPLETED');
    open();
    const section = await recordSection();
    expect(fact(section, 'Ran by')).toHaveTextContent('Olivia Owner');
    expect(fact(section, 'Requested on')).toHaveTextContent('2025-03-05 10:00 UTC');
    expect(fact(section, 'Started')).toHaveTextContent('2025-03-05 10:00 UTC');
    expect(fact(section, 'Finished')).toHaveTextContent('2025-03-05 10:01 UTC');
    expect(fact(section, 'Duration')).toHaveTextContent('1 min 13 s');
    expect(fact(section, 'Exit code')).toHaveTextContent('0');
    expect(fact(section, 'Signal')).toHaveTextContent('none');
    expect(fact(section, 'Sub-model')).toHaveTextContent('Base case (version 3)');
    expect(fact(section, 'Language')).toHaveTextContent('Python');
    expect(fact(section, 'Runtime')).toHaveTextContent('Python 3.11.2');
    expect(fact(section, 'Runner image')).toHaveTextContent('mr-runner-python:2025.03');
    expect(fact(section, 'Entry file')).toHaveTextContent('model/run.py');
    expect(fact(section, 'Packages')).toHaveTextContent('numpy 1.24.2');
    expect(fact(section, 'Packages')).toHaveTextContent('pandas 1.5.3');
    expect(fact(section, 'Runs with the same inputs')).toHaveTextContent('1 run: this one');
  });

  it.each([
    [{ sameInputRuns: 2, distinctResults: 1, nonDeterministic: false }, '2 runs, all with the same result'],
    [{ sameInputRuns: 3, distinctResults: 2, nonDeterministic: true }, '3 runs, with 2 different results'],
    [{ sameInputRuns: 0, distinctResults: 0, nonDeterministic: false }, 'No completed run with these inputs'],
  ])('words the runs with the same inputs from what the API counts: %j (issue 21 §9)', (counts, text) => {
    expect(RUN_TEXTS.sameInputs(counts)).toBe(text);
  });

  it('shows every SHA-256 in full to assistive technology and in its title, shortened for the eye', async () => {
    serveRun('COMPLETED');
    open();
    const section = await recordSection();
    expect(fact(section, 'Input document SHA-256')).toHaveTextContent(sha('c'));
    expect(fact(section, 'Result SHA-256')).toHaveTextContent(sha('d'));
    expect(fact(section, 'Input fingerprint')).toHaveTextContent(sha('f'));
    const modelFiles = within(section).getByRole('table', { name: 'Model files' });
    const row = within(modelFiles).getByRole('row', { name: /model\/run\.py/ });
    expect(row).toHaveTextContent('2.0 KB');
    expect(row).toHaveTextContent(sha('a'));
    expect(within(row).getByTitle(sha('a'))).toHaveTextContent(shortHash(sha('a')));
    const parameterFiles = within(section).getByRole('table', { name: 'Parameter files' });
    expect(within(parameterFiles).getByRole('row', { name: /rates\/rates\.csv/ })).toHaveTextContent(
      sha('b'),
    );
    // The run's output files with their hashes.
    const outputs = within(section).getByRole('table', { name: 'Output files' });
    expect(within(outputs).getByRole('row', { name: /result\.json/ })).toHaveTextContent(sha('e'));
  });

  it('copies the full hash with its copy button', async () => {
    serveRun('COMPLETED');
    // user-event puts a clipboard of its own on navigator.
    const user = userEvent.setup();
    open();
    await recordSection();
    await user.click(screen.getByRole('button', { name: 'Copy SHA-256 of the input document' }));
    await waitFor(() => expect(getMessages().map((m) => m.text)).toContain('Copied to the clipboard'));
    expect(await navigator.clipboard.readText()).toBe(sha('c'));
  });

  it('warns that the run is non-deterministic only when the record says so', async () => {
    serveRun('COMPLETED', {
      record: recordView({ nonDeterministic: true, sameInputRuns: 3, distinctResults: 2 }),
    });
    const first = open();
    await recordSection();
    const warning = screen.getByRole('alert');
    expect(warning).toHaveTextContent(
      /^Non-deterministic: 3 runs of this model entry had the same model files/,
    );
    expect(warning).toHaveTextContent('gave 2 different results');
    expect(warning).toHaveTextContent('may not reproduce these numbers');
    first.unmount();

    serveRun('COMPLETED');
    open();
    await recordSection();
    expect(screen.queryByText(/Non-deterministic/)).not.toBeInTheDocument();
  });

  it('shows the stdout and stderr tails in collapsible panels, with the dropped bytes and empty streams said', async () => {
    serveRun('COMPLETED', {
      result: runResult({
        logs: {
          stdout: { text: 'year 40: cohort done\n', droppedBytes: 5 * 1024 * 1024 },
          stderr: { text: '', droppedBytes: 0 },
        },
      }),
    });
    const user = userEvent.setup();
    open();
    const stdoutToggle = await screen.findByRole('button', { name: 'Standard output (stdout)' });
    // A completed run's output starts collapsed.
    expect(stdoutToggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('year 40: cohort done')).not.toBeInTheDocument();
    await user.click(stdoutToggle);
    const stdout = await screen.findByRole('region', { name: 'Standard output (stdout)' });
    // The scrolling text takes the focus, for keyboard scrolling.
    expect(within(stdout).getByText('year 40: cohort done')).toHaveAttribute('tabindex', '0');
    expect(
      screen.getByText('The first 5.0 MB were dropped: only the last 1.0 MB are kept.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Standard error (stderr)' }));
    expect(await screen.findByText('Nothing was written to stderr.')).toBeInTheDocument();
  });

  it('opens the stderr of a failed run, next to its error, and shows its notes', async () => {
    serveRun('FAILED', {
      result: runResult({
        status: 'FAILED',
        result: undefined,
        files: [],
        error: { code: 'NON_ZERO_EXIT', message: 'The model exited with code 1.' },
        notes: ['The workbook has macros; they were not run.'],
        logs: {
          stdout: { text: '', droppedBytes: 0 },
          stderr: { text: 'Traceback: ZeroDivisionError', droppedBytes: 0 },
        },
      }),
      record: recordView({
        status: 'FAILED',
        faultCode: 'NON_ZERO_EXIT',
        record: { ...recordView().record, exitCode: 1, resultSha256: undefined },
      }),
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Execution Failed' })).toBeInTheDocument();
    expect(screen.getByText('The model exited with code 1.')).toBeInTheDocument();
    const notes = screen.getByRole('region', { name: 'Notes' });
    expect(notes).toHaveTextContent('The workbook has macros; they were not run.');
    expect(screen.getByRole('button', { name: 'Standard error (stderr)' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('region', { name: 'Standard error (stderr)' })).toHaveTextContent(
      'Traceback: ZeroDivisionError',
    );
    const section = await recordSection();
    expect(fact(section, 'Exit code')).toHaveTextContent('1');
    expect(fact(section, 'Result SHA-256')).toHaveTextContent('None (the run wrote no result)');
  });

  it('says so when a run has no record (cancelled before the model started)', async () => {
    serveRun('CANCELLED', {
      result: runResult({ status: 'CANCELLED', result: undefined, files: [], logs: undefined }),
      record: null,
    });
    open();
    expect(await screen.findByText('This run has no reproducibility record.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Reproducibility Record' })).not.toBeInTheDocument();
  });

  // Sizes: web/src/lib/format.test.ts.
  it('writes durations and hashes for people', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_400)).toBe('12.4 s');
    expect(formatDuration(3_723_000)).toBe('1 h 2 min');
    expect(shortHash(sha('a'))).toBe('aaaaaaaaaaaa…aaaaaaaa');
  });
});
