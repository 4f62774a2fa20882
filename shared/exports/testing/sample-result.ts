import type { RunRecordView } from '../../schemas/execution-api';
import type { ChartElement, ResultElement, RunResult } from '../../schemas/run-result';
import type { ExportInput } from '../types';

/**
 * Results for the export tests and the benchmark: every element kind and table option, and a
 * provenance with one recorded and one unrecorded scenario.
 */
export const SAMPLE_RECORD: RunRecordView = {
  runId: '01JD0000000000000000000001',
  groupId: '01JD0000000000000000000002',
  instanceId: 'instance-base',
  modelUuid: 'model-uuid',
  status: 'COMPLETED',
  language: 'Python',
  subModel: { id: 'sub-1', name: 'Markov model', version: 3 },
  ranBy: { id: 'user-1', name: 'Dana Modeler' },
  requestedOn: '2026-11-20T09:58:00.000Z',
  record: {
    language: 'Python',
    entry: 'main.py',
    runtime: { version: 'Python 3.11.2', packages: { numpy: '1.24.2' } },
    runnerImage: 'local',
    modelFiles: [{ path: 'main.py', bytes: 1234, sha256: 'a'.repeat(64) }],
    parameterFiles: [{ path: 'costs/costs.csv', bytes: 88, sha256: 'b'.repeat(64) }],
    inputSha256: 'c'.repeat(64),
    resultSha256: 'd'.repeat(64),
    exitCode: 0,
    signal: null,
    startedOn: '2026-11-20T10:00:00.000Z',
    finishedOn: '2026-11-20T10:00:04.200Z',
    durationMs: 4200,
  },
  inputFingerprint: 'e'.repeat(64),
  sameInputRuns: 1,
  distinctResults: 1,
  nonDeterministic: false,
};

export const SAMPLE_TABLE: Extract<ResultElement, { kind: 'table' }> = {
  kind: 'table',
  options: {
    title: 'Cost-effectiveness',
    caption: 'Base case, discounted',
    tableHeadTillRow: 2,
    footnotes: ['ICER: incremental cost-effectiveness ratio.'],
  },
  cells: [
    { row: 0, column: 0, value: 'Strategy', th: true, rowSpan: 2 },
    { row: 0, column: 1, value: 'Outcomes', th: true, colSpan: 2, align: 'center' },
    { row: 0, column: 3, value: 'ICER', th: true, rowSpan: 2 },
    { row: 1, column: 1, value: 'Cost', th: true },
    { row: 1, column: 2, value: 'QALYs', th: true },
    { row: 2, column: 0, value: 'Usual care' },
    { row: 2, column: 1, value: 12500.5, valuePrefix: '$', align: 'right' },
    { row: 2, column: 2, value: 6.2, align: 'right' },
    { row: 2, column: 3, value: null },
    { row: 3, column: 0, value: 'New drug', indent: 1 },
    { row: 3, column: 1, value: 18250, valuePrefix: '$', align: 'right' },
    { row: 3, column: 2, value: 6.9, align: 'right' },
    { row: 3, column: 3, value: 8214.29, valuePrefix: '$', valuePostfix: ' per QALY', align: 'right' },
  ],
};

export function lineChart(
  groups: number,
  points: number,
  title = 'Markov trace',
): Extract<ResultElement, { kind: 'chart' }> {
  const data = [];
  for (let g = 0; g < groups; g++)
    for (let p = 0; p < points; p++)
      data.push({ group: `State ${g + 1}`, x: p, y: Math.round(1000 * Math.exp(-p / (20 + g * 10))) / 1000 });
  return {
    kind: 'chart',
    chartType: 'line',
    data,
    options: { title, xAxisLabel: 'Cycle', yAxisLabel: 'Proportion' },
  };
}

const cat = (group: string, x: string, y: number) => ({ group, x, y });

/** Every other chart kind and every preset, so each is written and opened in a test. */
export const FIGURES: ChartElement[] = [
  {
    kind: 'chart',
    chartType: 'bar',
    data: [cat('QALYs', 'Usual care', 6.2), cat('QALYs', 'New drug', 6.9)],
    options: { title: 'QALYs (bar)', xAxisLabel: 'Strategy', yAxisLabel: 'QALYs' },
  },
  {
    kind: 'chart',
    chartType: 'area',
    data: [cat('A', 'Y1', 1), cat('A', 'Y2', 2), cat('B', 'Y1', 2), cat('B', 'Y2', 1)],
    options: { title: 'Budget (area)', stacked: true },
  },
  {
    kind: 'chart',
    chartType: 'donut',
    data: [cat('Share', 'Drug', 70), cat('Share', 'Hospital', 30)],
    options: { title: 'Cost split (donut)' },
  },
  {
    kind: 'chart',
    chartType: 'radar',
    data: [cat('Profile', 'Mobility', 0.8), cat('Profile', 'Pain', 0.6), cat('Profile', 'Mood', 0.7)],
    options: { title: 'Utility profile (radar)' },
  },
  {
    kind: 'chart',
    chartType: 'ce-plane',
    data: [
      { group: 'New drug vs usual care', x: 0.7, y: 5750 },
      { group: 'New drug vs usual care', x: 0.4, y: 3000 },
      { group: 'New drug vs usual care', x: -0.1, y: 1000 },
    ],
    options: { title: 'CE plane', willingnessToPay: 20000 },
  },
  {
    kind: 'chart',
    chartType: 'acceptability-curve',
    data: [0, 10000, 20000, 30000].flatMap((x, i) => [
      { group: 'New drug', x, y: [0.1, 0.4, 0.7, 0.85][i] ?? 0 },
      { group: 'Usual care', x, y: 1 - ([0.1, 0.4, 0.7, 0.85][i] ?? 0) },
    ]),
    options: { title: 'CEAC', willingnessToPay: 20000 },
  },
  {
    kind: 'chart',
    chartType: 'tornado',
    baseCase: 8214,
    data: [
      { parameter: 'Drug cost', low: 6000, high: 11000, lowLabel: '500', highLabel: '1,500' },
      { parameter: 'Utility', low: 7500, high: 9000 },
    ],
    options: { title: 'Tornado', xAxisLabel: 'ICER' },
  },
  {
    kind: 'chart',
    chartType: 'survival',
    data: [
      { group: 'Observed', x: 0, y: 1 },
      { group: 'Observed', x: 2, y: 0.8 },
      { group: 'Observed', x: 5, y: 0.5 },
      { group: 'Weibull', x: 0, y: 1 },
      { group: 'Weibull', x: 2.5, y: 0.72 },
      { group: 'Weibull', x: 5, y: 0.48 },
    ],
    observedGroups: ['Observed'],
    options: { title: 'Survival' },
  },
  {
    kind: 'chart',
    chartType: 'markov-trace',
    data: [0, 1, 2].flatMap((x) => [
      { group: 'Healthy', x, y: [1, 0.8, 0.6][x] ?? 0 },
      { group: 'Dead', x, y: [0, 0.2, 0.4][x] ?? 0 },
    ]),
    options: { title: 'Markov trace' },
  },
];

export const SAMPLE_RESULT: RunResult = {
  options: { title: 'Scenario Analysis' },
  elements: [
    { kind: 'table', cells: [{ row: 0, column: 0, value: 'Before any section' }] },
    { kind: 'section', title: 'Base case', text: 'Deterministic results.\n\nDiscounted at 3.5%.' },
    SAMPLE_TABLE,
    {
      kind: 'chart',
      chartType: 'column',
      data: [
        { group: 'Cost', x: 'Usual care', y: 12500 },
        { group: 'Cost', x: 'New drug', y: 18250 },
        { group: 'Drug cost', x: 'Usual care', y: 2000 },
        { group: 'Drug cost', x: 'New drug', y: 9000 },
      ],
      options: { title: 'Costs by strategy', xAxisLabel: 'Strategy', yAxisLabel: 'Cost ($)', stacked: true },
    },
    { kind: 'error', title: 'Sensitivity analysis', message: 'PSA did not converge.' },
    { kind: 'section', title: 'Trace', level: 2 },
    lineChart(3, 20),
    {
      kind: 'chart',
      chartType: 'pie',
      data: [
        { group: 'Share', x: 'Healthy', y: 60 },
        { group: 'Share', x: 'Sick', y: 30 },
        { group: 'Share', x: 'Dead', y: 10 },
      ],
      options: { title: 'Final state' },
    },
    {
      kind: 'chart',
      chartType: 'scatter',
      data: [
        { group: 'PSA', x: 1200, y: 0.1 },
        { group: 'PSA', x: 5400, y: 0.4 },
        { group: 'PSA', x: -300, y: -0.05 },
      ],
      options: { title: 'PSA cloud', xAxisLabel: 'Incremental cost', yAxisLabel: 'Incremental QALYs' },
    },
    { kind: 'section', title: 'Figures' },
    ...FIGURES,
  ],
};

export function sampleInput(
  result: RunResult = SAMPLE_RESULT,
  extra: Partial<ExportInput> = {},
): ExportInput {
  return {
    result,
    title: result.options?.title ?? 'Scenario Analysis',
    provenance: {
      analysisName: 'Scenario Analysis 2026-11-20 10:05',
      analysisUrl: 'https://models.example.org/visualization/model-uuid/result?analysisId=an-1',
      scenarios: [
        { displayOrder: 1, name: 'Base case', instanceId: 'instance-base', record: SAMPLE_RECORD },
        { displayOrder: 2, name: 'High cost', instanceId: 'instance-high' },
      ],
      exportedBy: 'Erin Economist',
      exportedOn: '2026-11-20T10:06:00.000Z',
    },
    ...extra,
  };
}
