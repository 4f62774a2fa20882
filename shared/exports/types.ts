import type { RunRecordView } from '../schemas/execution-api';
import type { RunResult } from '../schemas/run-result';

export type ExportFormat = 'xlsx' | 'pptx' | 'pdf';

/** The file names of spec 001 §9 (the Excel one follows their pattern). */
export const EXPORT_FILE_NAMES: Record<ExportFormat, string> = {
  xlsx: 'visualizationResults.xlsx',
  pptx: 'visualizationResults.pptx',
  pdf: 'visualizationResults.pdf',
};

export const EXPORT_MIME_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  pdf: 'application/pdf',
};

/** One displayed scenario and the reproducibility record of the run whose output the result shows. */
export interface ScenarioProvenance {
  /** Its place in step 2's table (from 1). */
  displayOrder: number;
  name: string;
  instanceId: string;
  /** GET …/instances/{id}/record; absent when it could not be read (the export says so). */
  record?: RunRecordView;
}

/** Where the numbers of an export come from (issue 19 §2 "provenance"). */
export interface ExportProvenance {
  /** The saved analysis' name, when it has one. */
  analysisName?: string;
  /** A link back to the analysis (step 3's deep link). */
  analysisUrl: string;
  /** The analysis run itself (the display model's run), when known. */
  analysisRecord?: RunRecordView;
  scenarios: ScenarioProvenance[];
  exportedBy: string;
  /** ISO time of the export. */
  exportedOn: string;
}

/**
 * A chart as the screen drew it, for the PDF (and for a kind the Office formats cannot draw):
 * the chart's SVG (its legend already turned into SVG text) or a PNG of 1630 × 830 drawn at scale 2.
 */
export type ChartPicture =
  | { kind: 'svg'; svg: string; width: number; height: number }
  | { kind: 'png'; data: Uint8Array; width: number; height: number };

export interface ExportInput {
  /** The result as displayed: hidden sections already left out. */
  result: RunResult;
  /** The page title of step 3. */
  title: string;
  provenance: ExportProvenance;
  /** The chart of element `index` as the screen drew it; undefined where none is drawn. */
  chartPicture?: (index: number) => Promise<ChartPicture | undefined>;
  /**
   * A TrueType font for the PDF (any Unicode text: the app passes Open Sans), with its bold face
   * when there is one (else headings use the regular face); jsPDF's Helvetica (Latin-1 only) otherwise.
   */
  pdfFont?: { name: string; load: () => Promise<Uint8Array>; loadBold?: () => Promise<Uint8Array> };
  signal?: AbortSignal;
}
