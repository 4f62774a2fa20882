import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { ExportChart } from '../chart-data';
import { type ChartTableRef, chartPartXml, escapeXml } from './chart-xml';

/** A native chart to put on a sheet, bound to the chart's table on that sheet. */
export interface SheetChart {
  chart: ExportChart;
  ref: ChartTableRef;
  /** 0-based cells of the chart's top-left and bottom-right corners. */
  anchor: { fromColumn: number; fromRow: number; toColumn: number; toRow: number };
}

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const CHART_TYPE = 'application/vnd.openxmlformats-officedocument.drawingml.chart+xml';
const DRAWING_TYPE = 'application/vnd.openxmlformats-officedocument.drawing+xml';

function decodeXml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match?.[1] === undefined ? undefined : decodeXml(match[1]);
}

/** The part path of each sheet by name, read from the workbook and its relationships. */
function sheetParts(files: Record<string, Uint8Array>): Map<string, string> {
  const workbook = strFromU8(files['xl/workbook.xml'] ?? new Uint8Array());
  const rels = strFromU8(files['xl/_rels/workbook.xml.rels'] ?? new Uint8Array());
  const targets = new Map<string, string>();
  for (const tag of rels.match(/<Relationship\s[^>]*>/g) ?? []) {
    const id = attribute(tag, 'Id');
    const target = attribute(tag, 'Target');
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  const parts = new Map<string, string>();
  for (const tag of workbook.match(/<sheet\s[^>]*>/g) ?? []) {
    const name = attribute(tag, 'name');
    const target = targets.get(attribute(tag, 'r:id') ?? '');
    if (name !== undefined && target) parts.set(name, target);
  }
  return parts;
}

function nextFreeNumber(files: Record<string, Uint8Array>, pattern: RegExp): number {
  let highest = 0;
  for (const path of Object.keys(files)) {
    const match = pattern.exec(path);
    if (match?.[1]) highest = Math.max(highest, Number(match[1]));
  }
  return highest + 1;
}

function drawingXml(charts: readonly SheetChart[], firstRelId: number): string {
  const anchors = charts
    .map(({ anchor }, index) => {
      const corner = (column: number, row: number) =>
        `<xdr:col>${column}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${row}</xdr:row><xdr:rowOff>0</xdr:rowOff>`;
      return `<xdr:twoCellAnchor editAs="oneCell"><xdr:from>${corner(anchor.fromColumn, anchor.fromRow)}</xdr:from><xdr:to>${corner(anchor.toColumn, anchor.toRow)}</xdr:to><xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="${index + 2}" name="Chart ${index + 1}"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr><xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart"><c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="rId${firstRelId + index}"/></a:graphicData></a:graphic></xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="${REL}">${anchors}</xdr:wsDr>`;
}

function relationshipsXml(
  relationships: ReadonlyArray<{ id: string; type: string; target: string }>,
): string {
  const items = relationships
    .map(
      ({ id, type, target }) =>
        `<Relationship Id="${id}" Type="${REL}/${type}" Target="${escapeXml(target)}"/>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items}</Relationships>`;
}

/** Adds one relationship to a part's existing .rels (exceljs writes one for hyperlinks) or a new one. */
function addRelationship(
  existing: Uint8Array | undefined,
  id: string,
  type: string,
  target: string,
): Uint8Array {
  const item = `<Relationship Id="${id}" Type="${REL}/${type}" Target="${escapeXml(target)}"/>`;
  if (!existing) return strToU8(relationshipsXml([{ id, type, target }]));
  return strToU8(strFromU8(existing).replace('</Relationships>', `${item}</Relationships>`));
}

/**
 * `<drawing>` goes after the page set-up and before legacyDrawing, tableParts and extLst in a
 * worksheet (CT_Worksheet's sequence).
 */
function withDrawingElement(sheetXml: string, relId: string): string {
  if (sheetXml.includes('<drawing ')) throw new Error('the sheet already has a drawing');
  const element = `<drawing r:id="${relId}"/>`;
  const before =
    /<(legacyDrawing|legacyDrawingHF|drawingHF|picture|oleObjects|controls|webPublishItems|tableParts|extLst)[\s>/]/.exec(
      sheetXml,
    );
  const at = before ? before.index : sheetXml.lastIndexOf('</worksheet>');
  const xml = sheetXml.slice(0, at) + element + sheetXml.slice(at);
  return xml.includes('xmlns:r=') ? xml : xml.replace('<worksheet ', `<worksheet xmlns:r="${REL}" `);
}

/**
 * Adds native charts to a workbook written by exceljs: per sheet one drawing part holding the
 * charts' frames, one chart part per chart, their relationships and content types.
 * `chartsBySheet` is keyed by sheet name.
 */
export function addChartsToWorkbook(
  xlsx: Uint8Array,
  chartsBySheet: ReadonlyMap<string, readonly SheetChart[]>,
): Uint8Array {
  if (chartsBySheet.size === 0) return xlsx;
  const files: Record<string, Uint8Array> = unzipSync(xlsx);
  const parts = sheetParts(files);
  let contentTypes = strFromU8(files['[Content_Types].xml'] ?? new Uint8Array());
  const overrides: string[] = [];
  let chartNumber = nextFreeNumber(files, /^xl\/charts\/chart(\d+)\.xml$/);
  let drawingNumber = nextFreeNumber(files, /^xl\/drawings\/drawing(\d+)\.xml$/);
  for (const [sheetName, charts] of chartsBySheet) {
    if (charts.length === 0) continue;
    const sheetPath = parts.get(sheetName);
    const sheetBytes = sheetPath ? files[sheetPath] : undefined;
    if (!sheetPath || !sheetBytes) throw new Error(`no sheet named ${sheetName} in the workbook`);
    const drawingPath = `xl/drawings/drawing${drawingNumber}.xml`;
    const drawingRels: Array<{ id: string; type: string; target: string }> = [];
    charts.forEach(({ chart, ref }, index) => {
      const chartPath = `xl/charts/chart${chartNumber}.xml`;
      files[chartPath] = strToU8(chartPartXml(chart, ref));
      overrides.push(`<Override PartName="/${chartPath}" ContentType="${CHART_TYPE}"/>`);
      drawingRels.push({ id: `rId${index + 1}`, type: 'chart', target: `../charts/chart${chartNumber}.xml` });
      chartNumber++;
    });
    files[drawingPath] = strToU8(drawingXml(charts, 1));
    files[`xl/drawings/_rels/drawing${drawingNumber}.xml.rels`] = strToU8(relationshipsXml(drawingRels));
    overrides.push(`<Override PartName="/${drawingPath}" ContentType="${DRAWING_TYPE}"/>`);

    const sheetFile = sheetPath.slice(sheetPath.lastIndexOf('/') + 1);
    const sheetRelsPath = `${sheetPath.slice(0, sheetPath.lastIndexOf('/'))}/_rels/${sheetFile}.rels`;
    const relId = `rIdMrDrawing${drawingNumber}`;
    files[sheetRelsPath] = addRelationship(
      files[sheetRelsPath],
      relId,
      'drawing',
      `../drawings/drawing${drawingNumber}.xml`,
    );
    files[sheetPath] = strToU8(withDrawingElement(strFromU8(sheetBytes), relId));
    drawingNumber++;
  }
  contentTypes = contentTypes.replace('</Types>', `${overrides.join('')}</Types>`);
  files['[Content_Types].xml'] = strToU8(contentTypes);
  return zipSync(files, { level: 6 });
}
