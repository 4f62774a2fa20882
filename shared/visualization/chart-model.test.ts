import { describe, expect, it } from 'vitest';
import { type ChartElement, ChartElementSchema } from '../schemas/run-result';
import { CE_PLANE_QUADRANTS, expandSteps, toChartModel } from './chart-model';
import { CHART_PALETTE, REFERENCE_LINE_COLOR } from './palette';

/** Parses like a result.json would be, so a test cannot pass with an element the contract refuses. */
const chart = (element: unknown): ChartElement => ChartElementSchema.parse(element);

describe('toChartModel: chart types', () => {
  it('draws a line chart with numeric x as one series per group in first-seen order, palette colours', () => {
    const model = toChartModel(
      chart({
        kind: 'chart',
        chartType: 'line',
        options: { title: 'Alive', xAxisLabel: 'Cycle', yAxisLabel: 'Proportion' },
        data: [
          { group: 'Standard care', x: 0, y: 1 },
          { group: 'New drug', x: 0, y: 1 },
          { group: 'Standard care', x: 1, y: 0.9 },
          { group: 'New drug', x: 1, y: null },
        ],
      }),
    );
    expect(model).toMatchObject({
      kind: 'line',
      source: 'line',
      title: 'Alive',
      categories: null,
      stacked: false,
      xAxis: { title: 'Cycle', type: 'numeric' },
      yAxis: { title: 'Proportion', type: 'numeric' },
    });
    expect(model.series.map((s) => [s.name, s.color, s.line, s.markers])).toEqual([
      ['Standard care', CHART_PALETTE[0], 'solid', false],
      ['New drug', CHART_PALETTE[1], 'solid', false],
    ]);
    expect(model.series[1]?.points).toEqual([
      { x: 0, y: 1 },
      { x: 1, y: null },
    ]);
    expect(model.legend.map((l) => l.name)).toEqual(['Standard care', 'New drug']);
  });

  it('aligns column series on the categories of all groups, with null where a group has no value', () => {
    const model = toChartModel(
      chart({
        kind: 'chart',
        chartType: 'column',
        options: { stacked: true },
        data: [
          { group: 'Costs', x: 'Reference', y: 10 },
          { group: 'Costs', x: 'Scenario 2', y: 12 },
          { group: 'QALYs', x: 'Scenario 2', y: 3 },
        ],
      }),
    );
    expect(model.kind).toBe('column');
    expect(model.stacked).toBe(true);
    expect(model.categories).toEqual(['Reference', 'Scenario 2']);
    expect(model.xAxis.type).toBe('category');
    expect(model.series[1]?.points).toEqual([
      { x: 'Reference', y: null },
      { x: 'Scenario 2', y: 3 },
    ]);
  });

  it('treats numbers as categories on bars and keeps bar (horizontal) apart from column', () => {
    const model = toChartModel(
      chart({ kind: 'chart', chartType: 'bar', data: [{ group: 'a', x: 2030, y: 1 }] }),
    );
    expect(model.kind).toBe('bar');
    expect(model.categories).toEqual(['2030']);
  });

  it('colours pie slices by category and lists the slices in the legend', () => {
    const model = toChartModel(
      chart({
        kind: 'chart',
        chartType: 'pie',
        data: [
          { group: 'Costs', x: 'Drugs', y: 60 },
          { group: 'Costs', x: 'Hospital', y: 40 },
        ],
      }),
    );
    expect(model.kind).toBe('pie');
    expect(model.sliceColors).toEqual([CHART_PALETTE[0], CHART_PALETTE[1]]);
    expect(model.legend.map((l) => l.name)).toEqual(['Drugs', 'Hospital']);
    expect(model.stacked).toBe(false);
  });

  it('draws scatter points as markers without lines', () => {
    const model = toChartModel(
      chart({ kind: 'chart', chartType: 'scatter', data: [{ group: 'a', x: 1, y: 2 }] }),
    );
    expect(model.series[0]).toMatchObject({ line: 'none', markers: true });
  });

  it('cuts legend names at 30 characters but keeps the full series name', () => {
    const long = 'Intervention with extended follow-up, discounted';
    const model = toChartModel(
      chart({ kind: 'chart', chartType: 'line', data: [{ group: long, x: 1, y: 2 }] }),
    );
    expect(model.series[0]?.name).toBe(long);
    expect(model.legend[0]?.legendName).toBe('Intervention with extended fol…');
  });

  it('repeats the palette after the fourteenth series', () => {
    const data = Array.from({ length: 15 }, (_, i) => ({ group: `g${i}`, x: 0, y: i }));
    const model = toChartModel(chart({ kind: 'chart', chartType: 'line', data }));
    expect(model.series[14]?.color).toBe(CHART_PALETTE[0]);
  });
});

describe('toChartModel: presets', () => {
  it('draws a CE plane as a scatter with the origin inside, four quadrant labels and a dashed WTP line through the origin', () => {
    const model = toChartModel(
      chart({
        kind: 'chart',
        chartType: 'ce-plane',
        options: { willingnessToPay: 20000 },
        data: [
          { group: 'New vs standard', x: 0.5, y: 8000 },
          { group: 'New vs standard', x: 0.1, y: 1000 },
        ],
      }),
    );
    expect(model.kind).toBe('scatter');
    expect(model.xAxis.title).toBe('Incremental effect (QALYs)');
    expect(model.yAxis.title).toBe('Incremental cost');
    // The origin is inside both ranges, the points too.
    expect(model.xAxis.min).toBeLessThan(0);
    expect(model.xAxis.max).toBeGreaterThan(0.5);
    expect(model.yAxis.min).toBeLessThan(0);
    expect(model.yAxis.max).toBeGreaterThan(8000);

    const wtp = model.series.find((s) => s.role === 'reference');
    expect(wtp).toMatchObject({ line: 'dashed', markers: false, color: REFERENCE_LINE_COLOR });
    expect(wtp?.legendName).toBe('Willingness to pay: 20,000');
    for (const point of wtp?.points ?? []) {
      expect(point.y).toBeCloseTo(20000 * (point.x as number), 6);
      expect(point.y as number).toBeLessThanOrEqual(model.yAxis.max as number);
      expect(point.y as number).toBeGreaterThanOrEqual(model.yAxis.min as number);
    }
    const labels = model.annotations.flatMap((a) => (a.kind === 'label' ? [a] : []));
    expect(labels.map((l) => l.text).sort()).toEqual(Object.values(CE_PLANE_QUADRANTS).sort());
    const dominant = labels.find((l) => l.text === CE_PLANE_QUADRANTS.southEast);
    expect(dominant).toMatchObject({
      x: model.xAxis.max,
      y: model.yAxis.min,
      align: 'end',
      verticalAlign: 'bottom',
    });
    expect(model.legend.map((l) => l.name)).toEqual(['New vs standard', 'Willingness to pay: 20,000']);
  });

  it('draws a CE plane without a WTP line when the model gives no threshold', () => {
    const model = toChartModel(
      chart({ kind: 'chart', chartType: 'ce-plane', data: [{ group: 'a', x: -1, y: -5 }] }),
    );
    expect(model.series.every((s) => s.role === 'data')).toBe(true);
  });

  it('draws an acceptability curve as lines on a probability axis 0–1 with the threshold as a vertical line', () => {
    const model = toChartModel(
      chart({
        kind: 'chart',
        chartType: 'acceptability-curve',
        options: { willingnessToPay: 30000 },
        data: [
          { group: 'New drug', x: 0, y: 0.1 },
          { group: 'New drug', x: 50000, y: 0.8 },
        ],
      }),
    );
    expect(model).toMatchObject({
      kind: 'line',
      yAxis: { min: 0, max: 1, title: 'Probability cost-effective' },
    });
    expect(model.xAxis).toMatchObject({ title: 'Willingness to pay', min: 0 });
    expect(model.annotations).toEqual([
      { kind: 'vertical-line', x: 30000, label: 'Willingness to pay: 30,000', color: REFERENCE_LINE_COLOR },
    ]);
  });

  it('refuses acceptability probabilities outside 0–1', () => {
    expect(
      ChartElementSchema.safeParse({
        kind: 'chart',
        chartType: 'acceptability-curve',
        data: [{ group: 'a', x: 0, y: 1.2 }],
      }).success,
    ).toBe(false);
  });

  it('draws a tornado as overlapping horizontal bars from the base case, widest swing on top', () => {
    const model = toChartModel(
      chart({
        kind: 'chart',
        chartType: 'tornado',
        baseCase: 20000,
        options: { xAxisLabel: 'ICER' },
        data: [
          { parameter: 'Utility of Sick', low: 19000, high: 21000 },
          { parameter: 'Cost of drug', low: 15000, high: 26000, lowLabel: '500', highLabel: '1,500' },
          { parameter: 'Discount rate', low: 21000, high: 19500 },
        ],
      }),
    );
    expect(model.kind).toBe('bar');
    expect(model.bars).toEqual({ baseline: 20000, overlap: true });
    expect(model.categories).toEqual(['Cost of drug (500 to 1,500)', 'Utility of Sick', 'Discount rate']);
    expect(model.series.map((s) => s.name)).toEqual(['Low value', 'High value']);
    expect(model.series[0]?.points.map((p) => p.y)).toEqual([15000, 19000, 21000]);
    expect(model.series[1]?.points.map((p) => p.y)).toEqual([26000, 21000, 19500]);
    expect(model.yAxis.title).toBe('ICER');
    expect(model.yAxis.min).toBeLessThan(15000);
    expect(model.yAxis.max).toBeGreaterThan(26000);
    expect(model.annotations[0]).toMatchObject({
      kind: 'vertical-line',
      x: 20000,
      label: 'Base case: 20,000',
    });
  });

  it('draws observed survival as steps and fitted curves as straight lines on 0–1', () => {
    const model = toChartModel(
      chart({
        kind: 'chart',
        chartType: 'survival',
        observedGroups: ['Kaplan-Meier'],
        data: [
          { group: 'Kaplan-Meier', x: 0, y: 1 },
          { group: 'Kaplan-Meier', x: 2, y: 0.8 },
          { group: 'Weibull', x: 0, y: 1 },
          { group: 'Weibull', x: 2, y: 0.78 },
        ],
      }),
    );
    expect(model.kind).toBe('line');
    expect(model.series.map((s) => [s.name, s.curve])).toEqual([
      ['Kaplan-Meier', 'step'],
      ['Weibull', 'straight'],
    ]);
    expect(model.yAxis).toMatchObject({ title: 'Proportion surviving', min: 0, max: 1 });
    expect(model.xAxis.title).toBe('Time');
  });

  it('draws a Markov trace as stacked areas per health state', () => {
    const model = toChartModel(
      chart({
        kind: 'chart',
        chartType: 'markov-trace',
        data: [
          { group: 'Healthy', x: 0, y: 1 },
          { group: 'Sick', x: 0, y: 0 },
          { group: 'Healthy', x: 1, y: 0.9 },
          { group: 'Sick', x: 1, y: 0.1 },
        ],
      }),
    );
    expect(model).toMatchObject({ kind: 'area', stacked: true, yAxis: { min: 0, max: 1 } });
    expect(model.xAxis.title).toBe('Cycle');
    expect(model.series.map((s) => s.name)).toEqual(['Healthy', 'Sick']);
  });
});

describe('expandSteps', () => {
  it('holds each value until the next x, then drops', () => {
    expect(
      expandSteps([
        { x: 0, y: 1 },
        { x: 2, y: 0.8 },
        { x: 3, y: 0.8 },
        { x: 5, y: 0.5 },
      ]),
    ).toEqual([
      { x: 0, y: 1 },
      { x: 2, y: 1 },
      { x: 2, y: 0.8 },
      { x: 3, y: 0.8 },
      { x: 5, y: 0.8 },
      { x: 5, y: 0.5 },
    ]);
  });
});
