import { describe, expect, it } from 'vitest';
import { isRunnableLanguage, parseRunResult, RunResultSchema, unrunnableLanguageMessage } from './run-result';

const table = {
  kind: 'table',
  options: { title: 'Results per arm', tableHeadTillRow: 1, footnotes: ['Discounted at 3.5%.'] },
  cells: [
    { row: 0, column: 0, value: 'Arm', th: true },
    { row: 0, column: 1, value: 'Costs', th: true, align: 'right' },
    { row: 1, column: 0, value: 'Comparator', indent: 1 },
    { row: 1, column: 1, value: 41250.5, valuePrefix: '$', align: 'right' },
    { row: 2, column: 0, value: 'Total', colSpan: 2 },
  ],
};
const chart = {
  kind: 'chart',
  chartType: 'line',
  data: [
    { group: 'OS', x: 0, y: 1 },
    { group: 'OS', x: 1, y: null },
    { group: 'Costs', x: 'Drug', y: 3 },
  ],
  options: { title: 'Survival', xAxisLabel: 'Years', stacked: false },
};

describe('RunResultSchema', () => {
  it('accepts sections, errors, tables and charts', () => {
    const result = {
      options: { title: 'Scenario Analysis', legend: { position: 'bottom' }, chart: { height: 400 } },
      elements: [
        { kind: 'section', title: 'Summary', text: 'Two arms.', level: 1 },
        { kind: 'error', message: 'One scenario had no events.' },
        table,
        chart,
      ],
      isJsonType: true,
    };
    expect(RunResultSchema.parse(result)).toEqual(result);
  });

  it('refuses two cells at the same place', () => {
    const doubled = { ...table, cells: [...table.cells, { row: 1, column: 1, value: 2 }] };
    const parsed = RunResultSchema.safeParse({ elements: [doubled] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('a second cell at row 1, column 1');
  });

  it('refuses unknown keys, so a misspelt colspan is not silently lost', () => {
    const parsed = RunResultSchema.safeParse({
      elements: [{ kind: 'table', cells: [{ row: 0, column: 0, value: 1, colspan: 2 }] }],
    });
    expect(parsed.success).toBe(false);
  });
});

describe('parseRunResult', () => {
  it('names the place of each problem', () => {
    const parsed = parseRunResult(
      JSON.stringify({
        elements: [
          { kind: 'section', title: 'A' },
          { kind: 'table', cells: [{ row: -1, column: 0, value: 1 }] },
        ],
      }),
    );
    expect(parsed).toEqual({
      ok: false,
      message: expect.stringMatching(
        /^result\.json does not follow the result format \(docs\/running-models\.md\): elements\[1\]\.cells\[0\]\.row: /,
      ),
    });
  });

  it('lists at most five problems and counts the rest', () => {
    const elements = Array.from({ length: 8 }, () => ({ kind: 'section' }));
    const parsed = parseRunResult(JSON.stringify({ elements }));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(/ \(and 3 more\)$/);
  });

  it('explains NaN, which Python writes and JSON does not have', () => {
    const parsed = parseRunResult(
      '{"elements": [{"kind": "chart", "chartType": "line", "data": [{"group": "a", "x": 1, "y": NaN}]}]}',
    );
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.message).toMatch(/^result\.json is not valid JSON \(/);
      expect(parsed.message).toMatch(/NaN and Infinity are not JSON: write null for a missing number\.$/);
    }
  });
});

describe('chart presets', () => {
  const parse = (element: unknown) => parseRunResult(JSON.stringify({ elements: [element] }));

  it('accepts each preset with its own data', () => {
    const presets = [
      {
        kind: 'chart',
        chartType: 'ce-plane',
        options: { willingnessToPay: 20000 },
        data: [{ group: 'A vs B', x: 0.2, y: 900 }],
      },
      { kind: 'chart', chartType: 'acceptability-curve', data: [{ group: 'A', x: 10000, y: 0.4 }] },
      {
        kind: 'chart',
        chartType: 'tornado',
        baseCase: 1,
        data: [{ parameter: 'p', low: 0.5, high: 2, lowLabel: '0.1' }],
      },
      { kind: 'chart', chartType: 'survival', observedGroups: ['KM'], data: [{ group: 'KM', x: 0, y: 1 }] },
      { kind: 'chart', chartType: 'markov-trace', data: [{ group: 'Healthy', x: 0, y: 1 }] },
    ];
    for (const preset of presets) expect(parse(preset)).toEqual({ ok: true, result: { elements: [preset] } });
  });

  it('names the place of a preset mistake: a category on a CE plane, a probability above 1, a tornado without bars', () => {
    const message = (element: unknown) => {
      const parsed = parse(element);
      return parsed.ok ? '' : parsed.message;
    };
    expect(message({ kind: 'chart', chartType: 'ce-plane', data: [{ group: 'a', x: 'b', y: 1 }] })).toMatch(
      /elements\[0\]\.data\[0\]\.x: /,
    );
    expect(
      message({ kind: 'chart', chartType: 'markov-trace', data: [{ group: 'a', x: 0, y: 1.5 }] }),
    ).toMatch(/elements\[0\]\.data\[0\]\.y: /);
    expect(message({ kind: 'chart', chartType: 'tornado', baseCase: 0, data: [] })).toMatch(
      /elements\[0\]\.data: /,
    );
    expect(message({ kind: 'chart', chartType: 'waterfall', data: [] })).toMatch(
      /elements\[0\]\.chartType: /,
    );
  });

  it('refuses a willingness to pay on a chart type that has none', () => {
    expect(parse({ kind: 'chart', chartType: 'line', options: { willingnessToPay: 1 }, data: [] }).ok).toBe(
      false,
    );
  });
});

describe('languages', () => {
  it('runs Python, R and Excel and refuses Mathematica and Other with our own words', () => {
    expect(['Python', 'R', 'ExcelNative'].every((l) => isRunnableLanguage(l as never))).toBe(true);
    expect(isRunnableLanguage('Mathematica')).toBe(false);
    expect(unrunnableLanguageMessage('Mathematica')).toMatch(/^This deployment has no Mathematica runtime/);
    expect(unrunnableLanguageMessage('Other')).toBe(
      'Models of language Other cannot be executed: this deployment runs Python, R and Excel models.',
    );
  });
});
