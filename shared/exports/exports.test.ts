import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { RunResultSchema } from '../schemas/run-result';
import { CE_PLANE_QUADRANTS } from '../visualization/chart-model';
import { chartTable, exportChart, officeChart } from './chart-data';
import { chartPartXml, columnLetter } from './drawingml/chart-xml';
import { EXPORT_MESSAGES, exportResult } from './index';
import { niceTicks } from './pdf-chart';
import { TABLE_ROWS_PER_SLIDE } from './pptx';
import { SCENARIO_COLUMNS } from './provenance';
import { pageLayout, pageRows, tableGrid } from './table-grid';
import { FIGURES, lineChart, SAMPLE_RESULT, SAMPLE_TABLE, sampleInput } from './testing/sample-result';
import { numberFormat, sheetName } from './xlsx';

const CHART_COUNT = SAMPLE_RESULT.elements.filter((element) => element.kind === 'chart').length;

function zipText(bytes: Uint8Array): Record<string, string> {
  const files = unzipSync(bytes);
  return Object.fromEntries(Object.entries(files).map(([path, data]) => [path, strFromU8(data)]));
}

const chartParts = (files: Record<string, string>, prefix: string) =>
  Object.keys(files)
    .filter((path) => new RegExp(`^${prefix}/charts/chart\\d+\\.xml$`).test(path))
    .sort((a, b) => Number(/(\d+)\.xml$/.exec(a)?.[1]) - Number(/(\d+)\.xml$/.exec(b)?.[1]));

describe('the sample result', () => {
  it('follows the result contract, so the tests export what a model can return', () => {
    expect(RunResultSchema.safeParse(SAMPLE_RESULT).success).toBe(true);
  });
});

describe('tableGrid', () => {
  it('places spans, marks covered slots and takes the head from tableHeadTillRow and th', () => {
    const grid = tableGrid(SAMPLE_TABLE);
    expect(grid).toMatchObject({ rowCount: 4, columnCount: 4, headRows: 2 });
    expect(grid.slots[1]?.[0]).toBe('covered');
    expect(grid.slots[0]?.[2]).toBe('covered');
    const icer = grid.cells.find((cell) => cell.row === 3 && cell.column === 3);
    expect(icer?.text).toBe('$8,214.29 per QALY');
    expect(grid.cells.find((cell) => cell.row === 2 && cell.column === 3)?.text).toBe('');
  });

  it('cuts a span short at a cell placed before it instead of overlapping it', () => {
    const grid = tableGrid({
      kind: 'table',
      cells: [
        { row: 0, column: 1, value: 'B' },
        { row: 0, column: 0, value: 'wide', colSpan: 3 },
      ],
    });
    expect(grid.cells.find((cell) => cell.text === 'wide')?.colSpan).toBe(1);
    expect(grid.columnCount).toBe(3);
  });

  it("refuses an empty table with 'Table is not rendered.'", () => {
    expect(() => tableGrid({ kind: 'table', cells: [] })).toThrow(EXPORT_MESSAGES.tableNotRendered);
  });

  it('pages the body without breaking a row span and repeats a span cut by a page at the next top', () => {
    const cells = [{ row: 0, column: 0, value: 'Head', th: true }];
    for (let row = 1; row <= 10; row++) cells.push({ row, column: 0, value: `r${row}`, th: false });
    const spanning = { row: 3, column: 1, value: 'span', rowSpan: 3 };
    const grid = tableGrid({ kind: 'table', cells: [...cells, spanning], options: { tableHeadTillRow: 1 } });
    const pages = pageRows(grid, 4);
    // The break after row 4 would cut the span of rows 3-5: it moves up to row 3.
    expect(pages[0]).toEqual({ from: 1, to: 3 });
    expect(
      pages.flatMap((page) => Array.from({ length: page.to - page.from }, (_, i) => page.from + i)),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const long = tableGrid({
      kind: 'table',
      cells: [...cells, { ...spanning, rowSpan: 8 }],
      options: { tableHeadTillRow: 1 },
    });
    const secondPage = pageLayout(long, { from: 5, to: 8 });
    expect(secondPage.rows).toEqual([0, 5, 6, 7]);
    expect(secondPage.cells.find((cell) => cell.cell?.text === 'span')).toMatchObject({
      rowIndex: 1,
      rowSpan: 3,
    });
  });
});

describe('Excel number formats and sheet names', () => {
  it('writes prefix and postfix as a format around General, quoting literal text', () => {
    expect(numberFormat('$', ' per QALY')).toBe('"$"General" per QALY"');
    expect(numberFormat(undefined, '%')).toBe('General"%"');
    expect(numberFormat('a"b', undefined)).toBe('"a"\\""b"General');
    expect(numberFormat(undefined, undefined)).toBeUndefined();
  });

  it('keeps sheet names within Excel rules and unique', () => {
    const taken = new Set<string>();
    expect(sheetName('Costs: [2024]/base?', taken)).toBe('Costs   2024  base');
    expect(sheetName('A'.repeat(40), taken)).toHaveLength(31);
    expect(sheetName('a'.repeat(40), taken)).toBe(`${'a'.repeat(27)} (2)`);
  });
});

describe('chart data', () => {
  it('lays out a category chart as one row per category and one column per series', () => {
    const chart = exportChart(SAMPLE_RESULT.elements[3] as never);
    expect(chart.table).toEqual({
      xTitle: 'Strategy',
      numericX: false,
      xs: ['Usual care', 'New drug'],
      columns: [
        { name: 'Cost', values: [12500, 18250] },
        { name: 'Drug cost', values: [2000, 9000] },
      ],
    });
  });

  it('unions numeric x values and expands observed survival into steps', () => {
    const survival = FIGURES.find((figure) => figure.chartType === 'survival');
    const { table } = exportChart(survival as never);
    expect(table.xs).toEqual([0, 2, 2, 2.5, 5, 5]);
    expect(table.columns[0]).toEqual({ name: 'Observed', values: [1, 1, 0.8, null, 0.8, 0.5] });
    expect(table.columns[1]).toEqual({ name: 'Weibull', values: [1, null, null, 0.72, 0.48, null] });
  });

  it("refuses a kind no writer knows with 'Undefined or wrong chart type'", () => {
    expect(() => exportChart({ kind: 'chart', chartType: 'gauge', data: [] } as never)).toThrow(
      EXPORT_MESSAGES.wrongChartType,
    );
  });
});

describe('the chart-part writer', () => {
  const ref = { sheetName: "Tom's sheet", headRow: 5, firstColumn: 1 };

  it('binds each series to its column and the categories to the x column, with caches', () => {
    const chart = exportChart(SAMPLE_RESULT.elements[3] as never);
    const xml = chartPartXml(chart, ref);
    expect(xml).toContain('<c:barDir val="col"/><c:grouping val="stacked"/>');
    expect(xml).toContain("<c:f>'Tom''s sheet'!$B$5</c:f>");
    expect(xml).toContain("<c:f>'Tom''s sheet'!$C$6:$C$7</c:f>");
    expect(xml.match(/<c:f>'Tom''s sheet'!\$A\$6:\$A\$7<\/c:f>/g)).toHaveLength(2);
    expect(xml).toContain('<c:pt idx="1"><c:v>9000</c:v></c:pt>');
    expect(xml).toContain('<a:t>Strategy</a:t>');
    expect(xml).toContain(`<a:srgbClr val="${chart.model.series[1]?.color.slice(1).toUpperCase()}"/>`);
  });

  it('draws numeric lines as a scatter with lines, and a tornado from its base case', () => {
    const line = chartPartXml(exportChart(lineChart(2, 3)), ref);
    expect(line).toContain('<c:scatterChart>');
    expect(line).toContain('<c:xVal><c:numRef>');
    const tornado = chartPartXml(exportChart(FIGURES.find((f) => f.chartType === 'tornado') as never), ref);
    expect(tornado).toContain('<c:barDir val="bar"/>');
    expect(tornado).toContain('<c:crossesAt val="8214"/>');
    expect(tornado).toContain('<c:overlap val="100"/>');
    // Widest bar on top as on the page: categories top down, the values still along the bottom.
    expect(tornado).toMatch(/<c:catAx><c:axId val="\d+"\/><c:scaling><c:orientation val="maxMin"\/>/);
    expect(tornado).toMatch(
      /<c:valAx>.*<c:tickLblPos val="nextTo"\/><c:crossAx val="\d+"\/><c:crosses val="max"\/>/,
    );
  });

  it('colours each slice of a pie', () => {
    const pie = chartPartXml(exportChart(SAMPLE_RESULT.elements[7] as never), ref);
    expect(pie.match(/<c:dPt>/g)).toHaveLength(3);
    expect(pie.match(/<c:ser>/g)).toHaveLength(1);
  });

  it('names columns as Excel does', () => {
    expect([1, 26, 27, 52, 703].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AZ', 'AAA']);
  });
});

describe('the Excel export', () => {
  it('writes one sheet per section with merges, header styles, number formats and native charts', async () => {
    const bytes = await exportResult('xlsx', sampleInput());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(bytes) as never);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Results',
      'Base case',
      'Trace',
      'Figures',
      'Provenance',
    ]);

    const base = workbook.getWorksheet('Base case') as ExcelJS.Worksheet;
    // Title, text (2 paragraphs), gap, table title, caption: the table starts on row 7.
    expect(base.getCell('A7').value).toBe('Strategy');
    expect(base.getCell('A7').font?.bold).toBe(true);
    expect(base.getCell('A8').isMerged).toBe(true);
    expect(base.getCell('C7').master.address).toBe('B7');
    const icer = base.getCell('D10');
    expect(icer.value).toBe(8214.29);
    expect(icer.numFmt).toBe('"$"General" per QALY"');
    expect(base.getCell('B9').value).toBe(12500.5);

    const files = zipText(bytes);
    const charts = chartParts(files, 'xl');
    expect(charts).toHaveLength(CHART_COUNT);
    expect(files['[Content_Types].xml']).toContain('/xl/charts/chart1.xml');
    const baseSheetRels = Object.entries(files).find(
      ([path, xml]) => path.includes('worksheets/_rels') && xml.includes('drawing'),
    );
    expect(baseSheetRels).toBeDefined();
    const first = files[charts[0] as string] as string;
    expect(first).toContain("<c:f>'Base case'!$B$");
    expect(first.match(/<c:ser>/g)).toHaveLength(2);

    const provenance = workbook.getWorksheet('Provenance') as ExcelJS.Worksheet;
    const texts = provenance
      .getSheetValues()
      .flat()
      .map((value) => (typeof value === 'object' && value && 'text' in value ? value.text : value));
    expect(texts).toContain('Dana Modeler');
    expect(texts).toContain('a'.repeat(64));
    expect(texts).toContain('No reproducibility record available');
    expect(texts).toContain(sampleInput().provenance.analysisUrl);
  });
});

describe('the PowerPoint export', () => {
  it('writes a title slide, one slide per element, native charts and the provenance', async () => {
    const files = zipText(await exportResult('pptx', sampleInput()));
    const slides = Object.keys(files).filter((path) => /^ppt\/slides\/slide\d+\.xml$/.test(path));
    // Title + elements (the CE table on one slide) + provenance facts, scenarios and files.
    expect(slides).toHaveLength(1 + SAMPLE_RESULT.elements.length + 3);
    expect(files['ppt/presentation.xml']).toContain('<p:sldSz cx="12252960" cy="6858000"/>');
    const charts = chartParts(files, 'ppt');
    expect(charts).toHaveLength(CHART_COUNT);
    const costs = files[charts[0] as string] as string;
    expect(costs).toContain('<c:barDir val="col"/>');
    expect(costs).toContain('<c:v>Drug cost</c:v>');
    expect(costs).toContain('Cost ($)');
  });

  it('splits a long table over slides with its head on each', async () => {
    const cells = [{ row: 0, column: 0, value: 'Cycle', th: true }];
    for (let row = 1; row <= 60; row++) cells.push({ row, column: 0, value: `cycle ${row}`, th: false });
    const input = sampleInput({
      elements: [{ kind: 'table', cells, options: { tableHeadTillRow: 1, title: 'Trace' } }],
    });
    const files = zipText(await exportResult('pptx', input));
    const tableSlides = Object.entries(files).filter(
      ([path, xml]) =>
        /slides\/slide\d+\.xml$/.test(path) && xml.includes('<a:tbl>') && xml.includes('cycle '),
    );
    const perSlide = TABLE_ROWS_PER_SLIDE - 2;
    expect(tableSlides).toHaveLength(Math.ceil(60 / perSlide));
    for (const [, xml] of tableSlides) expect(xml).toContain('<a:t>Cycle</a:t>');
  });
});

describe('the PDF export', () => {
  it('writes A4 landscape pages with the title, page numbers and a provenance page', async () => {
    const bytes = await exportResult('pdf', sampleInput());
    const text = new TextDecoder('latin1').decode(bytes);
    expect(text.startsWith('%PDF-')).toBe(true);
    // A4 landscape: 29.7 × 21 cm is 841.89 × 595.28 points.
    expect(text).toMatch(/\/MediaBox \[0 0 841\.8(9|8999\d*) 595\.2(8|7999\d*)\]/);
    expect((text.match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThan(2);
  });

  it("reports a font that cannot be fetched with 'Fetching font has failed.'", async () => {
    const input = sampleInput(undefined, {
      pdfFont: { name: 'Body', load: () => Promise.reject(new Error('404')) },
    });
    await expect(exportResult('pdf', input)).rejects.toThrow(EXPORT_MESSAGES.fontFetchFailed);
  });

  it("refuses a chart picture without dimensions with 'Image load failed. No valid dimensions.'", async () => {
    const input = sampleInput(undefined, {
      chartPicture: async () => ({
        kind: 'png',
        data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
        width: 0,
        height: 0,
      }),
    });
    await expect(exportResult('pdf', input)).rejects.toThrow(EXPORT_MESSAGES.imageLoadFailed);
  });
});

describe('every format', () => {
  it.each(['xlsx', 'pptx', 'pdf'] as const)(
    "%s: refuses an empty result with 'Nothing to export.'",
    async (format) => {
      await expect(exportResult(format, sampleInput({ elements: [] }))).rejects.toThrow(
        EXPORT_MESSAGES.nothingToExport,
      );
    },
  );

  it.each(['xlsx', 'pptx', 'pdf'] as const)(
    "%s: stops with 'Canceled' once the signal fires",
    async (format) => {
      const controller = new AbortController();
      controller.abort();
      await expect(
        exportResult(format, sampleInput(undefined, { signal: controller.signal })),
      ).rejects.toThrow(EXPORT_MESSAGES.canceled);
    },
  );

  it('lists every displayed scenario in the provenance columns', () => {
    expect(SCENARIO_COLUMNS).toContain('Input SHA-256');
    expect(chartTable(exportChart(lineChart(1, 2)).model).columns).toHaveLength(1);
  });
});

describe('PDF chart axes', () => {
  it('puts round ticks 1, 2, 2.5 or 5 times a power of ten apart over the range', () => {
    expect(niceTicks(0, 37000)).toEqual([0, 10000, 20000, 30000]);
    expect(niceTicks(-0.1, 0.5)).toEqual([-0.2, 0, 0.2, 0.4]);
    expect(niceTicks(0, 1)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(5, 5)).toEqual([0, 2, 4, 6, 8, 10]);
  });
});

describe('annotations in the native Office charts', () => {
  const figure = (type: string) => FIGURES.find((f) => f.chartType === type) as never;
  /** The `<c:ser>` of the series named `name` in a chart part. */
  const seriesNamed = (xml: string, name: string) =>
    xml.split('<c:ser>').find((part) => part.includes(`<c:v>${name}</c:v></c:pt></c:strCache>`));
  const chartWith = (files: Record<string, string>, prefix: string, text: string) =>
    chartParts(files, prefix)
      .map((path) => files[path] as string)
      .find((xml) => xml.includes(text)) ?? '';

  it('turns a vertical line into a two-point series, labels into label-only series, a base case into a label on its line', () => {
    const ceac = officeChart(exportChart(figure('acceptability-curve')));
    const line = ceac.model.series.at(-1);
    expect(line).toMatchObject({ name: 'Willingness to pay: 20,000', line: 'dashed', markers: false });
    expect(line?.points).toEqual([
      { x: 20000, y: 0 },
      { x: 20000, y: 1 },
    ]);
    expect(ceac.model.annotations).toEqual([]);
    expect(ceac.table.columns.at(-1)?.name).toBe('Willingness to pay: 20,000');

    const plane = officeChart(exportChart(figure('ce-plane')));
    expect(plane.labelSeries).toHaveLength(4);
    const northEast = plane.model.series.find((s) => s.name === 'More effective, more costly');
    expect(northEast?.line).toBe('none');
    expect(plane.labelSeries?.find((l) => plane.model.series[l.index] === northEast)?.position).toBe('l');

    const tornado = officeChart(exportChart(figure('tornado')));
    // The line is where the category axis crosses (8,214); its label stands in a row of its own on top.
    expect(tornado.model.bars?.baseline).toBe(8214);
    expect(tornado.model.categories).toEqual(['', 'Drug cost (500 to 1,500)', 'Utility']);
    expect(tornado.model.series.map((s) => s.name)).toEqual(['Low value', 'Base case: 8,214', 'High value']);
    expect(tornado.labelSeries).toEqual([{ index: 1, position: 'outEnd' }]);
    expect(tornado.table.columns[1]).toEqual({ name: 'Base case: 8,214', values: [8214, null, null] });
    expect(tornado.table.columns[0]?.values).toEqual([null, 6000, 7500]);
    expect(tornado.model.xAxis.title).toBeNull();
    expect(tornado.model.annotations).toEqual([]);
  });

  it.each([
    ['xlsx', 'xl'],
    ['pptx', 'ppt'],
  ] as const)(
    '%s: the CE plane carries its quadrant labels and a dashed WTP line, the CEAC its WTP line, the tornado its base-case label',
    async (format, prefix) => {
      const files = zipText(await exportResult(format, sampleInput()));
      const plane = chartWith(files, prefix, 'Less effective, more costly (dominated)');
      for (const quadrant of Object.values(CE_PLANE_QUADRANTS)) {
        const series = seriesNamed(plane, quadrant) ?? '';
        expect(series, quadrant).toContain('<c:showSerName val="1"/>');
        expect(series, quadrant).toContain('<c:symbol val="none"/>');
        expect(series, quadrant).toContain('<a:ln><a:noFill/></a:ln>');
      }
      // Out of the legend: one deleted entry per label.
      expect(
        plane.match(/<c:legendEntry><c:idx val="\d+"\/><c:delete val="1"\/><\/c:legendEntry>/g),
      ).toHaveLength(4);
      const wtp = seriesNamed(plane, 'Willingness to pay: 20,000') ?? '';
      expect(wtp).toContain('<a:prstDash val="dash"/>');
      expect(wtp).toContain('<c:symbol val="none"/>');

      const ceac = chartWith(files, prefix, 'Probability cost-effective');
      const line = seriesNamed(ceac, 'Willingness to pay: 20,000') ?? '';
      expect(line).toContain('<c:v>20000</c:v>');
      expect(line).toContain('<a:prstDash val="dash"/>');

      const tornado = chartWith(files, prefix, 'Drug cost (500 to 1,500)');
      // The base case: a bar without fill at 8,214 in the top row, its name as the label beyond its
      // end, out of the legend; no axis title says it any more.
      const base = seriesNamed(tornado, 'Base case: 8,214') ?? '';
      expect(base).toContain('<c:spPr><a:noFill/>');
      expect(base).toContain('<c:dLblPos val="outEnd"/>');
      expect(base).toContain('<c:showSerName val="1"/>');
      expect(base).toMatch(/<c:pt idx="0"><c:v>8214<\/c:v><\/c:pt>/);
      expect(tornado).toMatch(/<c:legendEntry><c:idx val="1"\/><c:delete val="1"\/><\/c:legendEntry>/);
      expect(tornado).not.toMatch(/<c:title>(?:(?!<\/c:title>)[\s\S])*Base case/);
      expect(tornado).toContain('<c:orientation val="maxMin"/>');
    },
  );
});
