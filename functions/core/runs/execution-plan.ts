import { EXECUTION_MESSAGES as MSG } from '@shared/executions/execution-status';
import { INSTANCE_API_MESSAGES } from '@shared/schemas/instance-api';
import { isRunnableLanguage, unrunnableLanguageMessage } from '@shared/schemas/run-result';
import { parseParametersJson, validateInstanceValues } from '@shared/sub-models/instance-values';
import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { validateTemplateText } from '@shared/sub-models/model-input';
import { EXPERTISE_LEVELS } from '@shared/sub-models/parameter-types';
import { MODEL_LANGUAGE_PATTERNS, type ModelLanguage } from '@shared/sub-models/sub-model';
import type { InstanceInput, InstanceRecord } from '../../data/instances';
import type { ModelFileRecord } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import type { InputRecord, SubModelRecord } from '../../data/sub-models';
import { entryLanguage } from '../sub-models/sub-model-checks';
import type { displayedRuns } from './displayed-scenarios';

/**
 * What Execute checks before an instance may run (spec 001 §5 "Execute is blocked when ...") and what
 * the run will start: the language, the execution files and the entry file. The same reading serves
 * Prepare, which checks again when the run starts (files may have changed since).
 */

export interface RunPlan {
  language: ModelLanguage;
  /** The sub-model's execution files, in its order. */
  files: ModelFileRecord[];
  /** The file the run starts: the first execution file the language executes. */
  entry: ModelFileRecord;
}

export interface ExecutionProblem {
  /** Which check: shown as the issue's path (`instances.<id>.<check>`). */
  check: 'language' | 'files' | 'executable' | 'parameters' | 'calibration' | 'scenarios';
  message: string;
}

/** The highest expertise level: a run takes every value, also those above the executor's level. */
const ALL_LEVELS = Math.max(...EXPERTISE_LEVELS.map((e) => e.level));

/** A file's path inside the entry (folders joined with '/'), as the runner lays it out. */
export const entryPathOf = (file: Pick<ModelFileRecord, 'path' | 'name'>) =>
  [...file.path.split('/').filter(Boolean), file.name].join('/');

/**
 * The sub-model's execution files as the run would take them. Problems in the order a modeler fixes
 * them: a language without a runner (Mathematica: the runner layer's own message), files that are
 * gone ('{names} file is/are missing.'), no file the language executes ('There is no executable
 * file.').
 */
export function planRun(
  model: ModelRecord,
  files: readonly ModelFileRecord[],
  subModel: Pick<SubModelRecord, 'executionModels'>,
): { plan?: RunPlan; problems: ExecutionProblem[] } {
  const language = entryLanguage(model, files);
  if (!isRunnableLanguage(language))
    return { problems: [{ check: 'language', message: unrunnableLanguageMessage(language) }] };
  const byId = new Map(files.map((f) => [f.uuid, f]));
  const present: ModelFileRecord[] = [];
  const missing: string[] = [];
  for (const id of subModel.executionModels) {
    const file = byId.get(id);
    if (!file || file.folder || file.retired || !file.s3Key) missing.push(file?.name ?? id);
    else present.push(file);
  }
  if (missing.length > 0) return { problems: [{ check: 'files', message: MSG.filesMissing(missing) }] };
  const entry = present.find((f) => MODEL_LANGUAGE_PATTERNS[language].test(f.name));
  if (!entry) return { problems: [{ check: 'executable', message: MSG.noExecutableFile }] };
  return { plan: { language, files: present, entry }, problems: [] };
}

/**
 * The instance's values against its input definition: a JSON input must hold an object ('Input Data
 * must not be an Array.'); a template must be valid ('Input Definition is not valid ...') and the
 * values must pass its run-time rules (§5), every parameter checked, whatever the executor's level.
 */
export function parameterProblems(
  instance: Pick<InstanceRecord, 'name'>,
  definition: Pick<InputRecord, 'type' | 'value'> | undefined,
  input: Pick<InstanceInput, 'value'> | undefined,
): { problems: ExecutionProblem[]; issues: { path: string; message: string }[] } {
  const parsed = parseParametersJson(input?.value ?? '{}');
  if (!parsed.ok) return { problems: [{ check: 'parameters', message: parsed.message }], issues: [] };
  if (definition?.type !== 'JSONTEMPLATE') return { problems: [], issues: [] };
  const template = validateTemplateText(definition.value);
  if (!template.valid)
    return {
      problems: [{ check: 'parameters', message: SUB_MODEL_MESSAGES.invalidTemplateBlocksInstance }],
      issues: [],
    };
  const issues = validateInstanceValues(template.definitions, parsed.values, ALL_LEVELS);
  if (issues.length === 0) return { problems: [], issues: [] };
  return {
    problems: [{ check: 'parameters', message: MSG.invalidParameters(instance.name) }],
    issues: issues.map((i) => ({ path: i.path, message: i.message })),
  };
}

/**
 * A scenario of a sub-model linked to a calibration sub-model runs with an accepted instance of it:
 * `calibration` is the instance chosen (the request's, else the one the scenario has).
 */
export function calibrationProblems(
  subModel: Pick<SubModelRecord, 'type' | 'executionSetupId'>,
  calibrationSubModel: Pick<SubModelRecord, 'name'> | undefined,
  calibration: Pick<InstanceRecord, 'status' | 'executionSetupId'> | undefined,
  chosen: string | undefined,
): ExecutionProblem[] {
  if (subModel.type !== 'scenario' || !subModel.executionSetupId) return [];
  if (!chosen)
    return [
      {
        check: 'calibration',
        message: MSG.calibrationRequired(calibrationSubModel?.name ?? 'the calibration sub-model'),
      },
    ];
  if (
    !calibration ||
    calibration.executionSetupId !== subModel.executionSetupId ||
    calibration.status !== 'ACCEPTED'
  )
    return [{ check: 'calibration', message: MSG.calibrationNotAccepted }];
  return [];
}

type DisplayedRuns = Awaited<ReturnType<typeof displayedRuns>>;

/**
 * An analysis's blockers: a displayed scenario without a finished run, or one in a section the caller
 * does not see (it was shared with them, or the scenarios' section was closed to them since).
 */
export function displayProblems(
  displayed: DisplayedRuns | undefined,
  sees: (type: InstanceRecord['type']) => boolean,
): ExecutionProblem[] {
  if (!displayed) return [];
  if (displayed.problem) return [{ check: 'scenarios', message: displayed.problem }];
  const hidden = displayed.runs.find((r) => !sees(r.instance.type));
  return hidden
    ? [{ check: 'scenarios', message: INSTANCE_API_MESSAGES.displayScenarioNotFound(hidden.instance.id) }]
    : [];
}
