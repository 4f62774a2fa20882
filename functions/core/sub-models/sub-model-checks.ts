import { SUB_MODEL_API_MESSAGES as MSG } from '@shared/schemas/sub-models-api';
import {
  FORM_LABELS,
  MODEL_LANGUAGE_LABELS,
  MODEL_LANGUAGE_PATTERNS,
  type ModelLanguage,
  modelLanguageOf,
  type SubModelPayload,
} from '@shared/sub-models/sub-model';
import type { ModelFileRecord } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import type { SubModelRecord } from '../../data/sub-models';
import { UnprocessableError } from '../../lib/errors';

/**
 * The rules of the Add/Edit sub-model dialog that need the entry's data (spec 001 §2, §5); the form's
 * own rules (name, timeout 1-1440 minutes in seconds, relative output path, links per section) are in
 * the shared payload schema the handler parses with.
 */

export interface Issue {
  path: string;
  message: string;
}

/** 422 with every issue (the first one as the message) when there are any. */
export function throwIssues(issues: readonly Issue[]): void {
  const first = issues[0];
  if (first) throw new UnprocessableError(first.message, [...issues]);
}

/** The language of an entry's executions (§9): its environments, else its main files' extensions. */
export function entryLanguage(model: ModelRecord, files: readonly ModelFileRecord[]): ModelLanguage {
  return modelLanguageOf({
    pythonEnvironment: model.metadata.python_environment,
    mathematicaEnvironment: model.metadata.mathematica_environment,
    mainFileNames: files.filter((f) => f.mainFile && !f.folder).map((f) => f.name),
  });
}

/**
 * Each execution file must be a file (not a folder) of the entry that its language can execute: the
 * dialog offers only those (§2 "Files offered are filtered by the model type"), and a client that
 * sends another id is refused.
 */
export function executionFileIssues(
  model: ModelRecord,
  files: readonly ModelFileRecord[],
  executionModels: readonly string[],
): Issue[] {
  const language = entryLanguage(model, files);
  const byId = new Map(files.filter((f) => !f.folder && !f.retired).map((f) => [f.uuid, f]));
  const issues: Issue[] = [];
  executionModels.forEach((id, index) => {
    const path = `body.executionModels.${index}`;
    const file = byId.get(id);
    if (!file) issues.push({ path, message: MSG.executionFileUnknown(id) });
    else if (!MODEL_LANGUAGE_PATTERNS[language].test(file.name))
      issues.push({ path, message: MSG.executionFileLanguage(file.name, MODEL_LANGUAGE_LABELS[language]) });
  });
  if (new Set(executionModels).size !== executionModels.length)
    issues.push({ path: 'body.executionModels', message: `${FORM_LABELS.executionModels} value is invalid` });
  return issues;
}

/**
 * The calibration link must name a calibration sub-model of the entry, the display link a display
 * sub-model (which sections offer which link is the payload schema's rule); never the sub-model itself.
 */
export function linkIssues(
  payload: Pick<SubModelPayload, 'executionSetupId' | 'displayExecutionSetupId'>,
  subModels: readonly SubModelRecord[],
  selfId?: string,
): Issue[] {
  const issues: Issue[] = [];
  const check = (id: string | undefined, type: SubModelRecord['type'], field: string, label: string) => {
    if (!id) return;
    const target = subModels.find((s) => s.id === id);
    if (!target || target.type !== type || target.id === selfId)
      issues.push({ path: `body.${field}`, message: MSG.linkUnknown(label) });
  };
  check(payload.executionSetupId, 'calibration', 'executionSetupId', FORM_LABELS.executionSetupId);
  check(
    payload.displayExecutionSetupId,
    'display',
    'displayExecutionSetupId',
    FORM_LABELS.displayExecutionSetupId,
  );
  return issues;
}
