import * as z from 'zod/mini';
import { type ModelLanguage, ModelLanguageSchema } from '../sub-models/model-language';

/**
 * What a model run produces, as the runners (functions/runner) hand it to the pipeline and the web app
 * shows it. docs/running-models.md is the modeler's description of the same contract.
 * - `RunResultSchema`: the visualization result a model writes as `result.json` in its output
 *   directory (spec 001 §3 "Result": options, and elements of kind section, error, table or chart).
 * - `RunRecordSchema`: the reproducibility record of one run (hashes, runtime versions, exit, time).
 * - `RunnerOutcomeSchema`: everything a runner reports back: status, fault, result, log tails, record.
 */

export { MODEL_LANGUAGES, type ModelLanguage, ModelLanguageSchema } from '../sub-models/model-language';

/** Languages this deployment has a runner image for. */
export const RUNNABLE_LANGUAGES = ['Python', 'R', 'ExcelNative'] as const satisfies readonly ModelLanguage[];
export type RunnableLanguage = (typeof RUNNABLE_LANGUAGES)[number];

export function isRunnableLanguage(language: ModelLanguage): language is RunnableLanguage {
  return (RUNNABLE_LANGUAGES as readonly string[]).includes(language);
}

/** Why Execute refuses a language without a runner (our words; the spec has none). */
export function unrunnableLanguageMessage(language: ModelLanguage): string {
  if (language === 'Mathematica')
    return 'This deployment has no Mathematica runtime, so Mathematica models cannot be executed here. A Mathematica runner image can be added where a licence exists (see docs/running-models.md).';
  return `Models of language ${language} cannot be executed: this deployment runs Python, R and Excel models.`;
}

/**
 * The environment variables a model reads (docs/running-models.md): absolute paths of the instance's
 * input values (a JSON object keyed by variable name), of its parameter files
 * (`<dir>/<variable>/<file name>`) and of the directory its outputs go to.
 */
export const MODEL_ENV = {
  inputFile: 'MR_INPUT_FILE',
  parameterDir: 'MR_PARAMETER_DIR',
  outputDir: 'MR_OUTPUT_DIR',
  workDir: 'MR_WORK_DIR',
  timeoutSeconds: 'MR_TIMEOUT_SECONDS',
  language: 'MR_LANGUAGE',
} as const;

/** The file a model writes into its output directory to return a visualization result. */
export const RESULT_FILE_NAME = 'result.json';

export const RUNNER_LIMITS = {
  /** Total size of the files a run writes into its output directory (2 GiB). */
  outputBytes: 2 * 1024 ** 3,
  /** result.json is parsed in memory: larger results belong in files. */
  resultJsonBytes: 50 * 1024 ** 2,
  /** The last part of stdout and of stderr kept per run. */
  logTailBytes: 1024 ** 2,
  elements: 1000,
  tableCells: 200_000,
  chartPoints: 100_000,
  textLength: 20_000,
} as const;

// ---------- result.json ----------

const text = (max: number = RUNNER_LIMITS.textLength) => z.string().check(z.maxLength(max));
// zod 4 numbers are finite: NaN and Infinity are refused.
const finite = z.number();

export const ResultCellSchema = z.strictObject({
  /** 0-based row and column of the cell in its table. */
  row: z.int().check(z.gte(0)),
  column: z.int().check(z.gte(0)),
  value: z.union([text(), finite, z.boolean(), z.null()]),
  /** A header cell. */
  th: z.optional(z.boolean()),
  colSpan: z.optional(z.int().check(z.gte(1))),
  rowSpan: z.optional(z.int().check(z.gte(1))),
  align: z.optional(z.enum(['left', 'center', 'right'])),
  /** Indentation steps of the cell's text (nested row labels). */
  indent: z.optional(z.int().check(z.gte(0), z.lte(10))),
  /** Shown around the value, e.g. '$' and ' per QALY'. */
  valuePrefix: z.optional(text(100)),
  valuePostfix: z.optional(text(100)),
});
export type ResultCell = z.infer<typeof ResultCellSchema>;

export const SectionElementSchema = z.strictObject({
  kind: z.literal('section'),
  title: text(500),
  /** Plain text under the heading; blank lines separate paragraphs. */
  text: z.optional(text()),
  /** Heading level, 1 the top. */
  level: z.optional(z.int().check(z.gte(1), z.lte(4))),
});

export const ErrorElementSchema = z.strictObject({
  kind: z.literal('error'),
  title: z.optional(text(500)),
  message: text(),
});

export const TableElementSchema = z
  .strictObject({
    kind: z.literal('table'),
    cells: z.array(ResultCellSchema).check(z.maxLength(RUNNER_LIMITS.tableCells)),
    options: z.optional(
      z.strictObject({
        title: z.optional(text(500)),
        caption: z.optional(text(1000)),
        /** Rows 0 up to (not including) this one form the table head. */
        tableHeadTillRow: z.optional(z.int().check(z.gte(0))),
        footnotes: z.optional(z.array(text(2000)).check(z.maxLength(50))),
      }),
    ),
  })
  .check(
    z.superRefine((table, ctx) => {
      const seen = new Set<string>();
      table.cells.forEach((cell, index) => {
        const key = `${cell.row},${cell.column}`;
        if (seen.has(key))
          ctx.addIssue({
            code: 'custom',
            path: ['cells', index],
            message: `a second cell at row ${cell.row}, column ${cell.column}`,
          });
        seen.add(key);
      });
    }),
  );

/** Charts a modeler draws: points in groups, one series per group. */
export const CHART_TYPES = ['area', 'bar', 'column', 'line', 'pie', 'donut', 'scatter', 'radar'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/**
 * Health-economics figures a modeler names instead of drawing (docs/running-models.md "Chart presets").
 * The app draws each by its convention on screen and in every export (shared/visualization/chart-model.ts).
 */
export const CHART_PRESETS = [
  /** Incremental effect (x) against incremental cost (y), with quadrants and a willingness-to-pay line. */
  'ce-plane',
  /** Cost-effectiveness acceptability curve: probability cost-effective (0-1) by willingness to pay. */
  'acceptability-curve',
  /** One-way sensitivity: per parameter, the outcome at its low and high value around the base case. */
  'tornado',
  /** Survival over time: observed Kaplan-Meier steps and fitted curves. */
  'survival',
  /** The share of the cohort in each health state per cycle, stacked. */
  'markov-trace',
] as const;
export type ChartPreset = (typeof CHART_PRESETS)[number];

export const ChartPointSchema = z.strictObject({
  /** The series the point belongs to (a line, a bar colour, a pie). */
  group: text(200),
  x: z.union([finite, text(200)]),
  y: z.nullable(finite),
});

/** A point of a preset drawn on a numeric x axis with a probability (0-1) on y. */
const ProbabilityPointSchema = z.strictObject({
  group: text(200),
  x: finite,
  y: z.nullable(z.number().check(z.gte(0), z.lte(1))),
});

const chartTexts = {
  title: z.optional(text(500)),
  xAxisLabel: z.optional(text(200)),
  yAxisLabel: z.optional(text(200)),
};
const points = <T extends z.ZodMiniType>(point: T) =>
  z.array(point).check(z.maxLength(RUNNER_LIMITS.chartPoints));
/** A willingness-to-pay threshold (cost per unit of effect, e.g. per QALY). */
const willingnessToPay = z.optional(z.number().check(z.gte(0)));

export const BasicChartElementSchema = z.strictObject({
  kind: z.literal('chart'),
  chartType: z.enum(CHART_TYPES),
  data: points(ChartPointSchema),
  options: z.optional(
    z.strictObject({
      ...chartTexts,
      /** Stack the groups (area, bar, column). */
      stacked: z.optional(z.boolean()),
    }),
  ),
});

export const CePlaneElementSchema = z.strictObject({
  kind: z.literal('chart'),
  chartType: z.literal('ce-plane'),
  /** One group per comparison (e.g. 'New treatment vs standard care'): x incremental effect, y incremental cost. */
  data: points(z.strictObject({ group: text(200), x: finite, y: finite })),
  options: z.optional(z.strictObject({ ...chartTexts, willingnessToPay })),
});

export const AcceptabilityCurveElementSchema = z.strictObject({
  kind: z.literal('chart'),
  chartType: z.literal('acceptability-curve'),
  /** One group per strategy: x willingness to pay, y probability that the strategy is cost-effective. */
  data: points(ProbabilityPointSchema),
  /** `willingnessToPay` marks the decision threshold with a vertical line. */
  options: z.optional(z.strictObject({ ...chartTexts, willingnessToPay })),
});

export const TornadoBarSchema = z.strictObject({
  /** The parameter varied, e.g. 'Cost of drug A'. */
  parameter: text(200),
  /** The outcome with the parameter at its low and at its high value. */
  low: finite,
  high: finite,
  /** The values the parameter took, shown beside its name (e.g. '500' and '1,500'). */
  lowLabel: z.optional(text(100)),
  highLabel: z.optional(text(100)),
});

export const TornadoElementSchema = z.strictObject({
  kind: z.literal('chart'),
  chartType: z.literal('tornado'),
  /** The outcome with every parameter at its base value: the bars grow from it. */
  baseCase: finite,
  /** One bar per parameter, drawn widest range on top whatever their order here. */
  data: z.array(TornadoBarSchema).check(z.minLength(1), z.maxLength(200)),
  /** `xAxisLabel` names the outcome (e.g. 'ICER (cost per QALY)'). */
  options: z.optional(z.strictObject(chartTexts)),
});

export const SurvivalElementSchema = z.strictObject({
  kind: z.literal('chart'),
  chartType: z.literal('survival'),
  /** x time, y the proportion surviving (0-1). */
  data: points(ProbabilityPointSchema),
  /** Groups that are observed Kaplan-Meier estimates, drawn as steps; the other groups are fitted curves. */
  observedGroups: z.optional(z.array(text(200)).check(z.maxLength(100))),
  options: z.optional(z.strictObject(chartTexts)),
});

export const MarkovTraceElementSchema = z.strictObject({
  kind: z.literal('chart'),
  chartType: z.literal('markov-trace'),
  /** One group per health state: x the cycle (or time), y the proportion of the cohort in that state (0-1). */
  data: points(ProbabilityPointSchema),
  options: z.optional(z.strictObject(chartTexts)),
});

export const ChartElementSchema = z.discriminatedUnion('chartType', [
  BasicChartElementSchema,
  CePlaneElementSchema,
  AcceptabilityCurveElementSchema,
  TornadoElementSchema,
  SurvivalElementSchema,
  MarkovTraceElementSchema,
]);
export type ChartElement = z.infer<typeof ChartElementSchema>;
export type BasicChartElement = z.infer<typeof BasicChartElementSchema>;
export type CePlaneElement = z.infer<typeof CePlaneElementSchema>;
export type AcceptabilityCurveElement = z.infer<typeof AcceptabilityCurveElementSchema>;
export type TornadoElement = z.infer<typeof TornadoElementSchema>;
export type SurvivalElement = z.infer<typeof SurvivalElementSchema>;
export type MarkovTraceElement = z.infer<typeof MarkovTraceElementSchema>;
export type TableElement = z.infer<typeof TableElementSchema>;
export type SectionElement = z.infer<typeof SectionElementSchema>;
export type ErrorElement = z.infer<typeof ErrorElementSchema>;

export function isChartPreset(chartType: string): chartType is ChartPreset {
  return (CHART_PRESETS as readonly string[]).includes(chartType);
}

export const ResultElementSchema = z.discriminatedUnion('kind', [
  SectionElementSchema,
  ErrorElementSchema,
  TableElementSchema,
  ChartElementSchema,
]);
export type ResultElement = z.infer<typeof ResultElementSchema>;

export const RunResultSchema = z.strictObject({
  options: z.optional(
    z.strictObject({
      /** The page title of the result (else the flow's default title). */
      title: z.optional(text(500)),
      chart: z.optional(z.strictObject({ height: z.optional(z.int().check(z.gte(100), z.lte(2000))) })),
      legend: z.optional(z.strictObject({ position: z.enum(['top', 'bottom', 'left', 'right', 'none']) })),
    }),
  ),
  elements: z.array(ResultElementSchema).check(z.maxLength(RUNNER_LIMITS.elements)),
  isJsonType: z.optional(z.boolean()),
});
export type RunResult = z.infer<typeof RunResultSchema>;

const MAX_LISTED_ISSUES = 5;

function issuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : `${out ? '.' : ''}${String(key)}`;
  return out || '(the document)';
}

/**
 * Parses the text of a result.json. A failure message names the place of each problem
 * (`elements[2].cells[0].row: ...`) so a modeler can fix the model without reading our code.
 */
export function parseRunResult(
  textContent: string,
): { ok: true; result: RunResult } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(textContent);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const hint = /\bNaN\b|\bInfinity\b/.test(textContent)
      ? ' NaN and Infinity are not JSON: write null for a missing number.'
      : '';
    return { ok: false, message: `${RESULT_FILE_NAME} is not valid JSON (${reason}).${hint}` };
  }
  const parsed = RunResultSchema.safeParse(json);
  if (parsed.success) return { ok: true, result: parsed.data };
  const issues = parsed.error.issues;
  const listed = issues
    .slice(0, MAX_LISTED_ISSUES)
    .map((issue) => `${issuePath(issue.path)}: ${issue.message}`)
    .join('; ');
  const more = issues.length > MAX_LISTED_ISSUES ? ` (and ${issues.length - MAX_LISTED_ISSUES} more)` : '';
  return {
    ok: false,
    message: `${RESULT_FILE_NAME} does not follow the result format (docs/running-models.md): ${listed}${more}`,
  };
}

// ---------- reproducibility record and outcome ----------

const sha256 = z.string().check(z.regex(/^[0-9a-f]{64}$/));

export const HashedFileSchema = z.object({
  /** Relative to its directory (the work directory, the parameter or the output directory), with '/'. */
  path: z.string(),
  bytes: z.int().check(z.gte(0)),
  sha256,
});
export type HashedFile = z.infer<typeof HashedFileSchema>;

export const RunRecordSchema = z.object({
  language: ModelLanguageSchema,
  /** The file the runner started, relative to the work directory. */
  entry: z.optional(z.string()),
  runtime: z.object({
    /** e.g. 'Python 3.11.2', 'R version 4.2.2 ...', 'LibreOffice 7.4.7.2 ...'. */
    version: z.string(),
    /** Versions of the libraries the runner image provides (numpy, jsonlite...). */
    packages: z.record(z.string(), z.string()),
  }),
  /** The container image (or 'local') that ran the model. */
  runnerImage: z.string(),
  modelFiles: z.array(HashedFileSchema),
  parameterFiles: z.array(HashedFileSchema),
  inputSha256: sha256,
  /**
   * SHA-256 of result.json, or for a files result of its manifest: one line `<sha256>  <path>\n` per
   * output file, sorted by path (the format of `sha256sum`).
   */
  resultSha256: z.optional(sha256),
  exitCode: z.nullable(z.int()),
  signal: z.nullable(z.string()),
  startedOn: z.string(),
  finishedOn: z.string(),
  durationMs: z.int().check(z.gte(0)),
});
export type RunRecord = z.infer<typeof RunRecordSchema>;

export const RUN_FAULT_CODES = [
  /** The language has no runner here (Mathematica, Other). */
  'UNSUPPORTED_LANGUAGE',
  /** The runner image lacks the runtime (no python3, Rscript or soffice). */
  'RUNTIME_MISSING',
  /** No model file to start, or the run's set-up is wrong (output directory outside the work directory). */
  'INVALID_SETUP',
  'NON_ZERO_EXIT',
  /** Ended by a signal it was not sent by the runner (out of memory, killed from outside). */
  'KILLED',
  'TIMEOUT',
  'CANCELLED',
  'OUTPUT_TOO_LARGE',
  'NO_RESULT',
  'MALFORMED_RESULT',
] as const;
export const RunFaultCodeSchema = z.enum(RUN_FAULT_CODES);
export type RunFaultCode = z.infer<typeof RunFaultCodeSchema>;

export const RunFaultSchema = z.object({ code: RunFaultCodeSchema, message: z.string() });
export type RunFault = z.infer<typeof RunFaultSchema>;

export const RunnerResultSchema = z.discriminatedUnion('kind', [
  /** The model wrote result.json: the visualization flow shows it. */
  z.object({ kind: z.literal('visualization'), result: RunResultSchema }),
  /** Plain files only: the 'Download files' dialog offers them. */
  z.object({ kind: z.literal('files') }),
]);
export type RunnerResult = z.infer<typeof RunnerResultSchema>;

export const LogTailSchema = z.object({
  /** The last RUNNER_LIMITS.logTailBytes of the stream, as text. */
  text: z.string(),
  /** Bytes dropped from the start. */
  droppedBytes: z.int().check(z.gte(0)),
});

export const RunnerOutcomeSchema = z.object({
  status: z.enum(['COMPLETED', 'FAILED']),
  fault: z.optional(RunFaultSchema),
  result: z.optional(RunnerResultSchema),
  /** Files the run wrote into its output directory (result.json included), relative to it. */
  outputFiles: z.array(HashedFileSchema),
  /** Things the modeler should know about a run that worked (e.g. macros not run). */
  notes: z.array(z.string()),
  stdout: LogTailSchema,
  stderr: LogTailSchema,
  record: RunRecordSchema,
});
export type RunnerOutcome = z.infer<typeof RunnerOutcomeSchema>;
