import type { jsPDF as JsPdf } from 'jspdf';
import {
  type ChartModel,
  type ChartModelPoint,
  type ChartSeriesModel,
  expandSteps,
  formatChartNumber,
} from '../visualization/chart-model';

/**
 * A chart model (shared/visualization/chart-model.ts) drawn as vector graphics straight onto a jsPDF
 * page: axes with their titles and tick labels, grid lines, the series (lines, step lines, markers,
 * bars from a baseline, stacked areas, pie and donut slices, radar polygons), the annotations (a
 * willingness-to-pay or base-case line with its label, the CE plane's quadrant labels) and the legend
 * as text. It is what the PDF draws for every chart the page did not hand over as a picture, so the
 * PDF shows charts in Node (tests, the benchmark) and for hidden sections too.
 *
 * Why not an SVG through svg2pdf.js here: svg2pdf needs a DOM that measures text (getBBox or a
 * canvas) to place anchored labels, which Node and jsdom do not have; jsPDF's own path and text calls
 * give the same vector output and measure text with the font the PDF uses (Unicode fonts included).
 */

type Rgb = [number, number, number];
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const TEXT: Rgb = [33, 37, 41];
const MUTED: Rgb = [73, 80, 87];
const GRID: Rgb = [222, 226, 230];
const AXIS: Rgb = [134, 142, 150];
const TICK_SIZE = 7;
const TITLE_SIZE = 8;
const LEGEND_SIZE = 7.5;
/** Font size (pt) to centimetres of line height. */
const lineOf = (size: number) => (size / 72) * 2.54 * 1.25;

function rgb(color: string): Rgb {
  const hex = color.replace(/^#/, '');
  return [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) || 0) as Rgb;
}

/** The colour mixed with white: stacked areas are filled lighter so their outlines stay visible. */
function lighten([r, g, b]: Rgb, amount: number): Rgb {
  return [r, g, b].map((c) => Math.round(c + (255 - c) * amount)) as Rgb;
}

/** About `count` round tick values covering [min, max] (1, 2 or 5 times a power of ten apart). */
export function niceTicks(min: number, max: number, count = 6): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  if (min === max) {
    const pad = Math.abs(min) || 1;
    return niceTicks(min - pad, max + pad, count);
  }
  const raw = (max - min) / Math.max(1, count - 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const first = Math.floor(min / step + 1e-9) * step;
  const ticks: number[] = [];
  for (let value = first; value <= max + step * 1e-6 || ticks.length < 2; value += step) {
    // Rounded to the step's decimals so 0.30000000000000004 prints as 0.3.
    ticks.push(Number(value.toFixed(Math.max(0, -Math.floor(Math.log10(step)) + 1))));
    if (ticks.length > 50) break;
  }
  return ticks;
}

class Painter {
  constructor(
    readonly doc: JsPdf,
    readonly font: string,
  ) {}

  stroke(color: Rgb, width = 0.02, dashed = false) {
    this.doc.setDrawColor(...color);
    this.doc.setLineWidth(width);
    this.doc.setLineDashPattern(dashed ? [0.15, 0.1] : [], 0);
  }

  fill(color: Rgb) {
    this.doc.setFillColor(...color);
  }

  /** A polyline or polygon through absolute points (jsPDF's `lines` takes relative steps). */
  path(points: readonly [number, number][], style: 'S' | 'F' | 'FD', closed = false) {
    const [start, ...rest] = points;
    if (!start || rest.length === 0) return;
    let [px, py] = start;
    const steps = rest.map(([x, y]) => {
      const step: [number, number] = [x - px, y - py];
      px = x;
      py = y;
      return step;
    });
    this.doc.lines(steps, start[0], start[1], [1, 1], style, closed);
  }

  text(
    text: string,
    x: number,
    y: number,
    options: {
      size: number;
      color?: Rgb;
      align?: 'left' | 'center' | 'right';
      baseline?: 'top' | 'middle' | 'bottom' | 'alphabetic';
      angle?: number;
      bold?: boolean;
    },
  ) {
    const { doc } = this;
    doc.setFont(this.font, options.bold ? 'bold' : 'normal');
    doc.setFontSize(options.size);
    doc.setTextColor(...(options.color ?? TEXT));
    doc.text(text, x, y, {
      align: options.align ?? 'left',
      baseline: options.baseline ?? 'alphabetic',
      ...(options.angle ? { angle: options.angle } : {}),
    });
  }

  width(text: string, size: number): number {
    this.doc.setFont(this.font, 'normal');
    this.doc.setFontSize(size);
    return this.doc.getTextWidth(text);
  }

  /** The text cut with an ellipsis to fit `width`. */
  fit(text: string, size: number, width: number): string {
    if (this.width(text, size) <= width) return text;
    let cut = text;
    while (cut.length > 1 && this.width(`${cut}…`, size) > width) cut = cut.slice(0, -1);
    return `${cut}…`;
  }
}

/** A numeric axis: its ticks and the mapping of a value to a page coordinate. */
interface Scale {
  min: number;
  max: number;
  ticks: number[];
  at: (value: number) => number;
}

function scale(
  range: { min: number | null; max: number | null },
  values: readonly number[],
  from: number,
  to: number,
  includeZero: boolean,
): Scale {
  let low = range.min ?? Math.min(...values, ...(includeZero ? [0] : []));
  let high = range.max ?? Math.max(...values, ...(includeZero ? [0] : []));
  if (!Number.isFinite(low) || !Number.isFinite(high)) {
    low = 0;
    high = 1;
  }
  const ticks = niceTicks(low, high);
  // Free ends widen to the round ticks; fixed ends (the model's ranges) stay and drop outside ticks.
  const min = range.min ?? Math.min(low, ticks[0] as number);
  const max = range.max ?? Math.max(high, ticks[ticks.length - 1] as number);
  const span = max - min || 1;
  return {
    min,
    max,
    ticks: ticks.filter((tick) => tick >= min - span * 1e-9 && tick <= max + span * 1e-9),
    at: (value) => from + ((value - min) / span) * (to - from),
  };
}

const pointsOf = (series: ChartSeriesModel): ChartModelPoint[] =>
  series.curve === 'step' ? expandSteps(series.points) : series.points;

/** The legend below the plot: a swatch (a line for line series) and the cut name, in rows. */
function legendRows(painter: Painter, model: ChartModel, width: number) {
  const rows: Array<Array<{ entry: ChartModel['legend'][number]; x: number }>> = [[]];
  let x = 0;
  for (const entry of model.legend) {
    const itemWidth = 0.55 + painter.width(entry.legendName, LEGEND_SIZE) + 0.45;
    if (x > 0 && x + itemWidth > width) {
      rows.push([]);
      x = 0;
    }
    rows[rows.length - 1]?.push({ entry, x });
    x += itemWidth;
  }
  return rows.filter((row) => row.length > 0);
}

function drawLegend(painter: Painter, model: ChartModel, box: Box) {
  const rows = legendRows(painter, model, box.width);
  const lineHeight = lineOf(LEGEND_SIZE);
  rows.forEach((row, index) => {
    const last = row[row.length - 1];
    const rowWidth = last ? last.x + 0.55 + painter.width(last.entry.legendName, LEGEND_SIZE) : 0;
    const left = box.x + (box.width - rowWidth) / 2;
    const y = box.y + lineHeight * (index + 0.5);
    for (const { entry, x } of row) {
      const color = rgb(entry.color);
      if (entry.line === 'none') {
        painter.fill(color);
        painter.doc.rect(left + x, y - 0.12, 0.3, 0.24, 'F');
      } else {
        painter.stroke(color, 0.06, entry.line === 'dashed');
        painter.doc.line(left + x, y, left + x + 0.4, y);
      }
      painter.text(entry.legendName, left + x + 0.55, y, { size: LEGEND_SIZE, baseline: 'middle' });
    }
  });
  painter.stroke(AXIS);
}

function legendHeight(painter: Painter, model: ChartModel, width: number): number {
  return model.legend.length === 0 ? 0 : legendRows(painter, model, width).length * lineOf(LEGEND_SIZE) + 0.2;
}

/** Pie and donut: the first series, one slice per category, clockwise from twelve o'clock. */
function drawRound(painter: Painter, model: ChartModel, plot: Box) {
  const values = (model.series[0]?.points ?? []).map((point) => Math.max(0, point.y ?? 0));
  const total = values.reduce((sum, value) => sum + value, 0);
  const radius = Math.min(plot.width, plot.height) / 2 - 0.2;
  const cx = plot.x + plot.width / 2;
  const cy = plot.y + plot.height / 2;
  if (total <= 0) return;
  let angle = -Math.PI / 2;
  values.forEach((value, index) => {
    const sweep = (value / total) * Math.PI * 2;
    if (sweep <= 0) return;
    const steps = Math.max(2, Math.ceil(sweep / 0.05));
    const points: [number, number][] = [[cx, cy]];
    for (let step = 0; step <= steps; step++) {
      const a = angle + (sweep * step) / steps;
      points.push([cx + radius * Math.cos(a), cy + radius * Math.sin(a)]);
    }
    painter.fill(rgb(model.sliceColors?.[index] ?? '#1F5FA8'));
    painter.stroke([255, 255, 255], 0.03);
    painter.path(points, 'FD', true);
    const middle = angle + sweep / 2;
    const share = value / total;
    if (share >= 0.04)
      painter.text(
        `${Math.round(share * 1000) / 10}%`,
        cx + radius * (model.kind === 'donut' ? 0.78 : 0.62) * Math.cos(middle),
        cy + radius * (model.kind === 'donut' ? 0.78 : 0.62) * Math.sin(middle),
        { size: TICK_SIZE, color: [255, 255, 255], align: 'center', baseline: 'middle', bold: true },
      );
    angle += sweep;
  });
  if (model.kind === 'donut') {
    painter.fill([255, 255, 255]);
    painter.doc.circle(cx, cy, radius * 0.55, 'F');
  }
}

/** Radar: one spoke per category, a polygon per series, rings at the value ticks. */
function drawRadar(painter: Painter, model: ChartModel, plot: Box) {
  const categories = model.categories ?? [];
  const values = model.series.flatMap((series) => series.points.flatMap((point) => point.y ?? []));
  const radius = Math.min(plot.width, plot.height) / 2 - 0.5;
  const cx = plot.x + plot.width / 2;
  const cy = plot.y + plot.height / 2;
  const axis = scale({ min: model.yAxis.min ?? 0, max: model.yAxis.max }, values, 0, radius, true);
  const corner = (index: number, distance: number): [number, number] => {
    const a = -Math.PI / 2 + (index / Math.max(1, categories.length)) * Math.PI * 2;
    return [cx + distance * Math.cos(a), cy + distance * Math.sin(a)];
  };
  painter.stroke(GRID);
  for (const tick of axis.ticks) {
    painter.path(
      categories.map((_, index) => corner(index, axis.at(tick))),
      'S',
      true,
    );
    painter.text(formatChartNumber(tick), cx + 0.05, cy - axis.at(tick), {
      size: TICK_SIZE - 1,
      color: MUTED,
    });
  }
  categories.forEach((category, index) => {
    painter.stroke(GRID);
    painter.doc.line(cx, cy, ...corner(index, radius));
    const [x, y] = corner(index, radius + 0.3);
    painter.text(painter.fit(category, TICK_SIZE, 4), x, y, {
      size: TICK_SIZE,
      color: MUTED,
      align: Math.abs(x - cx) < 0.1 ? 'center' : x > cx ? 'left' : 'right',
      baseline: 'middle',
    });
  });
  for (const series of model.series) {
    const points = series.points.map((point, index) => corner(index, axis.at(point.y ?? axis.min)));
    painter.stroke(rgb(series.color), 0.05);
    painter.path(points, 'S', true);
    painter.fill(rgb(series.color));
    for (const [x, y] of points) painter.doc.circle(x, y, 0.06, 'F');
  }
}

/** Axes, grid, series and annotations of every chart with x and y axes. */
function drawCartesian(painter: Painter, model: ChartModel, area: Box) {
  const horizontal = model.kind === 'bar';
  const categories = model.categories;
  const numericSeries = model.series.map(pointsOf);

  // The value axis covers every value, stacked sums where the model stacks.
  const values: number[] = [];
  if (model.stacked && categories) {
    categories.forEach((_, at) => {
      let positive = 0;
      let negative = 0;
      for (const series of model.series) {
        const y = series.points[at]?.y ?? 0;
        if (y >= 0) positive += y;
        else negative += y;
      }
      values.push(positive, negative);
    });
  } else if (model.stacked) {
    const sums = new Map<number, number>();
    for (const points of numericSeries)
      for (const point of points)
        sums.set(point.x as number, (sums.get(point.x as number) ?? 0) + (point.y ?? 0));
    values.push(...sums.values());
  } else
    for (const points of numericSeries)
      for (const point of points) if (point.y !== null) values.push(point.y);
  if (model.bars) values.push(model.bars.baseline);
  const barLike = model.kind === 'bar' || model.kind === 'column' || model.kind === 'area';

  // Room for tick labels and axis titles.
  const valueTickWidth = Math.max(
    ...niceTicks(Math.min(0, ...values), Math.max(0, ...values)).map((tick) =>
      painter.width(formatChartNumber(tick), TICK_SIZE),
    ),
    0.5,
  );
  const categoryWidth = categories
    ? Math.min(area.width * 0.3, Math.max(...categories.map((c) => painter.width(c, TICK_SIZE)), 0.5))
    : 0;
  const titleLine = lineOf(TITLE_SIZE);
  const tickLine = lineOf(TICK_SIZE);
  const leftTitle = (horizontal ? model.xAxis.title : model.yAxis.title) ? titleLine : 0;
  const bottomTitle = (horizontal ? model.yAxis.title : model.xAxis.title) ? titleLine : 0;
  const left = area.x + leftTitle + 0.15 + (horizontal ? categoryWidth : valueTickWidth) + 0.15;
  const plot: Box = {
    x: left,
    y: area.y + 0.3,
    width: area.x + area.width - left - 0.4,
    height: area.height - 0.3 - tickLine - 0.15 - bottomTitle,
  };
  const bottom = plot.y + plot.height;
  const right = plot.x + plot.width;

  // The value axis (y; x for horizontal bars) and the other axis: a category band or a numeric scale.
  const valueAxis = scale(
    model.yAxis,
    values,
    horizontal ? plot.x : bottom,
    horizontal ? right : plot.y,
    barLike,
  );
  const xValues = numericSeries.flatMap((points) => points.map((point) => point.x as number));
  const xAxis = categories ? null : scale(model.xAxis, xValues, plot.x, right, false);
  const band = categories ? (horizontal ? plot.height : plot.width) / Math.max(1, categories.length) : 0;
  const bandStart = (index: number) => (horizontal ? plot.y : plot.x) + band * index;
  const xOf = (point: ChartModelPoint, index: number) =>
    xAxis ? xAxis.at(point.x as number) : bandStart(index) + band / 2;

  // Grid and value ticks.
  for (const tick of valueAxis.ticks) {
    const at = valueAxis.at(tick);
    painter.stroke(GRID);
    if (horizontal) painter.doc.line(at, plot.y, at, bottom);
    else painter.doc.line(plot.x, at, right, at);
    const label = formatChartNumber(tick);
    if (horizontal)
      painter.text(label, at, bottom + 0.12, {
        size: TICK_SIZE,
        color: MUTED,
        align: 'center',
        baseline: 'top',
      });
    else
      painter.text(label, plot.x - 0.15, at, {
        size: TICK_SIZE,
        color: MUTED,
        align: 'right',
        baseline: 'middle',
      });
  }
  if (xAxis)
    for (const tick of xAxis.ticks) {
      const at = xAxis.at(tick);
      painter.stroke(GRID);
      painter.doc.line(at, plot.y, at, bottom);
      painter.text(formatChartNumber(tick), at, bottom + 0.12, {
        size: TICK_SIZE,
        color: MUTED,
        align: 'center',
        baseline: 'top',
      });
    }
  if (categories) {
    // Every k-th label where they would overlap.
    const needed = horizontal ? tickLine : Math.max(...categories.map((c) => painter.width(c, TICK_SIZE)));
    const every = Math.max(1, Math.ceil((needed + 0.1) / Math.max(band, 0.01)));
    categories.forEach((category, index) => {
      if (index % every !== 0) return;
      const middle = bandStart(index) + band / 2;
      if (horizontal)
        painter.text(painter.fit(category, TICK_SIZE, categoryWidth), plot.x - 0.15, middle, {
          size: TICK_SIZE,
          color: MUTED,
          align: 'right',
          baseline: 'middle',
        });
      else
        painter.text(painter.fit(category, TICK_SIZE, band * every - 0.1), middle, bottom + 0.12, {
          size: TICK_SIZE,
          color: MUTED,
          align: 'center',
          baseline: 'top',
        });
    });
  }
  painter.stroke(AXIS, 0.03);
  painter.doc.line(plot.x, plot.y, plot.x, bottom);
  painter.doc.line(plot.x, bottom, right, bottom);

  // Axis titles.
  const categoryTitle = model.xAxis.title;
  const valueTitle = model.yAxis.title;
  const leftText = horizontal ? categoryTitle : valueTitle;
  const bottomText = horizontal ? valueTitle : categoryTitle;
  if (leftText)
    painter.text(
      painter.fit(leftText, TITLE_SIZE, plot.height),
      area.x + titleLine * 0.75,
      plot.y + plot.height / 2,
      {
        size: TITLE_SIZE,
        color: TEXT,
        align: 'center',
        angle: 90,
        bold: true,
      },
    );
  if (bottomText)
    painter.text(
      painter.fit(bottomText, TITLE_SIZE, plot.width),
      plot.x + plot.width / 2,
      area.y + area.height - 0.05,
      {
        size: TITLE_SIZE,
        color: TEXT,
        align: 'center',
        bold: true,
      },
    );

  // Series.
  if ((model.kind === 'bar' || model.kind === 'column') && categories) {
    const base = model.bars?.baseline ?? 0;
    const groups = model.stacked || model.bars?.overlap ? 1 : model.series.length;
    const barWidth = (band * 0.7) / groups;
    const stackUp = categories.map(() => base);
    const stackDown = categories.map(() => base);
    model.series.forEach((series, seriesIndex) => {
      painter.fill(rgb(series.color));
      series.points.forEach((point, index) => {
        if (point.y === null) return;
        let from = base;
        let to = point.y;
        if (model.stacked) {
          const stack = point.y >= 0 ? stackUp : stackDown;
          from = stack[index] ?? base;
          to = from + point.y;
          stack[index] = to;
        }
        const offset = bandStart(index) + band * 0.15 + (groups > 1 ? barWidth * seriesIndex : 0);
        const a = valueAxis.at(from);
        const b = valueAxis.at(to);
        if (horizontal) painter.doc.rect(Math.min(a, b), offset, Math.abs(b - a), barWidth, 'F');
        else painter.doc.rect(offset, Math.min(a, b), barWidth, Math.abs(b - a), 'F');
      });
    });
  } else if (model.kind === 'area') {
    // Stacked areas in series order, each from the top of the previous one.
    const below = new Map<string, number>();
    model.series.forEach((series, seriesIndex) => {
      const points = numericSeries[seriesIndex] ?? [];
      const key = (point: ChartModelPoint, index: number) => (categories ? String(index) : String(point.x));
      const tops: [number, number][] = [];
      const bases: [number, number][] = [];
      points.forEach((point, index) => {
        if (point.y === null) return;
        const start = model.stacked ? (below.get(key(point, index)) ?? 0) : 0;
        const end = start + point.y;
        if (model.stacked) below.set(key(point, index), end);
        const x = xOf(point, index);
        tops.push([x, valueAxis.at(end)]);
        bases.push([x, valueAxis.at(start)]);
      });
      const color = rgb(series.color);
      painter.fill(lighten(color, 0.45));
      painter.stroke(color, 0.001);
      painter.path([...tops, ...bases.reverse()], 'F', true);
      painter.stroke(color, 0.04);
      painter.path(tops, 'S');
    });
  } else {
    model.series.forEach((series, seriesIndex) => {
      const color = rgb(series.color);
      const placed = (numericSeries[seriesIndex] ?? []).flatMap((point, index): [number, number][] =>
        point.y === null ? [] : [[xOf(point, index), valueAxis.at(point.y)]],
      );
      if (series.line !== 'none') {
        painter.stroke(color, series.role === 'reference' ? 0.035 : 0.045, series.line === 'dashed');
        painter.path(placed, 'S');
      }
      if (series.markers) {
        painter.fill(color);
        for (const [x, y] of placed) painter.doc.circle(x, y, 0.055, 'F');
      }
    });
  }

  // Annotations: a vertical line on the value axis of horizontal bars, else on the x axis.
  for (const annotation of model.annotations) {
    if (annotation.kind === 'vertical-line') {
      const at = horizontal ? valueAxis.at(annotation.x) : xAxis?.at(annotation.x);
      if (at === undefined || at < plot.x - 1e-6 || at > right + 1e-6) continue;
      painter.stroke(rgb(annotation.color), 0.03, true);
      painter.doc.line(at, plot.y, at, bottom);
      painter.text(annotation.label, at + 0.08, plot.y + 0.05, {
        size: TICK_SIZE,
        color: rgb(annotation.color),
        align: at > plot.x + plot.width * 0.7 ? 'right' : 'left',
        baseline: 'top',
      });
    } else if (xAxis && !horizontal) {
      const x = xAxis.at(annotation.x) + (annotation.align === 'end' ? -0.1 : 0.1);
      const y = valueAxis.at(annotation.y) + (annotation.verticalAlign === 'top' ? 0.1 : -0.1);
      painter.text(annotation.text, x, y, {
        size: TICK_SIZE,
        color: MUTED,
        align: annotation.align === 'end' ? 'right' : 'left',
        baseline: annotation.verticalAlign === 'top' ? 'top' : 'bottom',
      });
    }
  }
  painter.stroke(AXIS);
}

/** Draws the chart into `box` (page centimetres): plot, axes and legend. */
export function drawChartModel(doc: JsPdf, font: string, model: ChartModel, box: Box): void {
  const painter = new Painter(doc, font);
  const legend = legendHeight(painter, model, box.width);
  const area: Box = { ...box, height: box.height - legend };
  if (model.kind === 'pie' || model.kind === 'donut') drawRound(painter, model, area);
  else if (model.kind === 'radar') drawRadar(painter, model, area);
  else drawCartesian(painter, model, area);
  drawLegend(painter, model, { x: box.x, y: box.y + area.height + 0.1, width: box.width, height: legend });
  doc.setLineDashPattern([], 0);
}
