import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { detail, INPUT_ID, inWorkspace, UUID } from '../../api/test-fixtures';
import { errorPairs, InstanceDetailPage, prettyInput } from './instance-detail-page';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const INSTANCE = `/models/${UUID}/instances/01I`;

beforeEach(() => configureTestApi());
// CodeMirror (the JSON viewer) measures text ranges, which jsdom does not lay out.
beforeAll(() => {
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});
afterEach(() => vi.unstubAllGlobals());

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

  it('pretty-prints JSON and leaves other text as it is', () => {
    expect(prettyInput('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyInput('not json')).toBe('not json');
    expect(errorPairs(undefined)).toEqual([]);
  });
});
