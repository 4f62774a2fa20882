import type { RunRecordView } from '../schemas/execution-api';
import type { ExportProvenance } from './types';

/**
 * The provenance page of every export (issue 19 §2): what the analysis is, where it lives, and per
 * displayed scenario the reproducibility record of its run, so a number in a deck can be traced to
 * the run that produced it. All three writers lay out these same rows.
 */
export const PROVENANCE_TITLE = 'Provenance';

export const SCENARIO_COLUMNS = [
  '#',
  'Scenario',
  'Run',
  'Ran by',
  'Requested on',
  'Runtime',
  'Started',
  'Duration',
  'Input SHA-256',
  'Result SHA-256',
] as const;

export const FILE_COLUMNS = ['Scenario', 'Kind', 'File', 'Bytes', 'SHA-256'] as const;

/** yyyy-MM-dd HH:mm UTC (spec 001 §9). */
export function formatUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function duration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  return seconds < 120 ? `${seconds.toFixed(1)} s` : `${(seconds / 60).toFixed(1)} min`;
}

function recordCells(record: RunRecordView): string[] {
  return [
    record.runId,
    record.ranBy.name,
    formatUtc(record.requestedOn),
    `${record.record.runtime.version} (${record.record.runnerImage})`,
    formatUtc(record.record.startedOn),
    duration(record.record.durationMs),
    record.record.inputSha256,
    record.record.resultSha256 ?? '',
  ];
}

export interface ProvenanceRows {
  /** Label and value pairs about the analysis and the export. */
  facts: Array<[string, string]>;
  /** One row per displayed scenario, columns SCENARIO_COLUMNS. */
  scenarios: string[][];
  /** One row per model and parameter file of each run, columns FILE_COLUMNS. */
  files: string[][];
}

export const NO_RECORD = 'No reproducibility record available';

export function provenanceRows(provenance: ExportProvenance): ProvenanceRows {
  const facts: Array<[string, string]> = [];
  if (provenance.analysisName) facts.push(['Analysis', provenance.analysisName]);
  facts.push(['Link to the analysis', provenance.analysisUrl]);
  if (provenance.analysisRecord) {
    const run = provenance.analysisRecord;
    facts.push(['Analysis run', `${run.runId} by ${run.ranBy.name}, ${formatUtc(run.record.finishedOn)}`]);
  }
  facts.push(['Exported by', provenance.exportedBy], ['Exported on', formatUtc(provenance.exportedOn)]);
  const scenarios = provenance.scenarios.map((scenario) => [
    String(scenario.displayOrder),
    scenario.name,
    ...(scenario.record ? recordCells(scenario.record) : [NO_RECORD, '', '', '', '', '', '', '']),
  ]);
  const files: string[][] = [];
  for (const scenario of provenance.scenarios) {
    const record = scenario.record?.record;
    if (!record) continue;
    for (const file of record.modelFiles)
      files.push([scenario.name, 'model', file.path, String(file.bytes), file.sha256]);
    for (const file of record.parameterFiles)
      files.push([scenario.name, 'parameter', file.path, String(file.bytes), file.sha256]);
  }
  return { facts, scenarios, files };
}
