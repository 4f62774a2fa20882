// @vitest-environment node
import { ChartElementSchema } from '@shared/schemas/run-result';
import { CHART_PALETTE, toChartModel } from '@shared/visualization';
import { describe, expect, it } from 'vitest';
import { toApexChartProps } from './apex-options';

const propsOf = (element: unknown, legendPosition?: 'top' | 'none') =>
  toApexChartProps(toChartModel(ChartElementSchema.parse(element)), { height: 400, legendPosition });

describe('toApexChartProps', () => {
  it('draws a CE plane as scatter points plus a dashed WTP line, quadrant labels as point annotations', () => {
    const props = propsOf({
      kind: 'chart',
      chartType: 'ce-plane',
      options: { willingnessToPay: 20000 },
      data: [{ group: 'New vs old', x: 0.2, y: 3000 }],
    });
    expect(props.type).toBe('line');
    expect((props.series as { type: string }[]).map((s) => s.type)).toEqual(['scatter', 'line']);
    expect(props.options.stroke?.dashArray).toEqual([0, 6]);
    expect(props.options.stroke?.width).toEqual([0, 2]);
    expect(props.options.markers?.size).toEqual([4, 0]);
    expect(props.options.annotations?.points).toHaveLength(4);
    expect(props.options.xaxis?.min).toBeLessThan(0);
  });

  it('draws a tornado as overlapping horizontal range bars from the base case, labelled on its line', () => {
    const props = propsOf({
      kind: 'chart',
      chartType: 'tornado',
      baseCase: 100,
      data: [{ parameter: 'p', low: 120, high: 80 }],
    });
    expect(props.type).toBe('rangeBar');
    expect(props.series).toEqual([
      { name: 'Low value', data: [{ x: 'p', y: [100, 120] }] },
      { name: 'High value', data: [{ x: 'p', y: [80, 100] }] },
    ]);
    expect(props.options.plotOptions?.bar).toMatchObject({ horizontal: true, rangeBarOverlap: true });
    expect(props.options.annotations?.xaxis).toEqual([
      expect.objectContaining({ x: 100, label: expect.objectContaining({ text: 'Base case: 100' }) }),
    ]);
  });

  it('draws observed survival as step lines and the probability axis 0–1', () => {
    const props = propsOf({
      kind: 'chart',
      chartType: 'survival',
      observedGroups: ['KM'],
      data: [
        { group: 'KM', x: 0, y: 1 },
        { group: 'Fit', x: 0, y: 1 },
      ],
    });
    expect(props.options.stroke?.curve).toEqual(['stepline', 'straight']);
    expect(props.options.yaxis).toMatchObject({ min: 0, max: 1 });
    expect(props.series).toEqual([
      { name: 'KM', data: [[0, 1]] },
      { name: 'Fit', data: [[0, 1]] },
    ]);
  });

  it('stacks a Markov trace as areas', () => {
    const props = propsOf({
      kind: 'chart',
      chartType: 'markov-trace',
      data: [{ group: 'Healthy', x: 0, y: 1 }],
    });
    expect(props.type).toBe('area');
    expect(props.options.chart?.stacked).toBe(true);
  });

  it('draws a pie from its first series with the slices as labels, palette colours and a cut legend', () => {
    const long = 'A slice with a name far longer than thirty characters';
    const props = propsOf(
      {
        kind: 'chart',
        chartType: 'pie',
        data: [
          { group: 'g', x: long, y: 2 },
          { group: 'g', x: 'b', y: null },
        ],
      },
      'top',
    );
    expect(props.series).toEqual([2, 0]);
    expect(props.options.labels).toEqual([long, 'b']);
    expect(props.options.colors).toEqual([CHART_PALETTE[0], CHART_PALETTE[1]]);
    expect(props.options.legend?.position).toBe('top');
    const formatter = props.options.legend?.formatter as (name: string) => string;
    expect(formatter(long)).toBe('A slice with a name far longer…');
  });

  it('hides the legend when the result says none, and draws columns on categories', () => {
    const props = propsOf(
      {
        kind: 'chart',
        chartType: 'column',
        options: { stacked: true },
        data: [{ group: 'g', x: 'a', y: 1 }],
      },
      'none',
    );
    expect(props.type).toBe('bar');
    expect(props.options.legend?.show).toBe(false);
    expect(props.options.plotOptions?.bar?.horizontal).toBe(false);
    expect(props.options.xaxis?.categories).toEqual(['a']);
    expect(props.series).toEqual([{ name: 'g', data: [1] }]);
  });
});
