import type { FileNode, ModelDetail } from '@shared/schemas/model-api';
import type { SubModelView } from '@shared/schemas/sub-models-api';
import {
  canPickExecutionFiles,
  executionFileCandidates,
  type ModelLanguage,
  modelLanguageOf,
  type SubModelFormValues,
  toSubModelForm,
} from '@shared/sub-models/sub-model';

/**
 * What the Add/Edit sub-model dialog (spec 001 §2, §5) needs from the entry: its language, the
 * environment options of that language, the files it may execute and the form's starting values.
 * The rules of the form itself are the shared SubModelFormSchema.
 */

/** A timeout a new sub-model starts with (the spec sets only the 1-1440 minutes range). */
export const DEFAULT_TIMEOUT_MINUTES = 60;

export type EntryForSubModels = Pick<ModelDetail, 'metadata'>;

export function entryLanguage(model: EntryForSubModels, files: readonly FileNode[]): ModelLanguage {
  return modelLanguageOf({
    pythonEnvironment: model.metadata.python_environment,
    mathematicaEnvironment: model.metadata.mathematica_environment,
    mainFileNames: files.filter((f) => f.mainFile && !f.folder).map((f) => f.name),
  });
}

/**
 * The environments an entry offers for its language: the Python or Mathematica environment of a
 * model of that language, and the general execution environment. The dialog shows the first
 * (read-only: the entry's metadata decides it); with none the file picker stays disabled (§2).
 */
export function environmentOptions(model: EntryForSubModels, language: ModelLanguage): string[] {
  const m = model.metadata;
  const own =
    language === 'Python'
      ? m.python_environment
      : language === 'Mathematica'
        ? m.mathematica_environment
        : undefined;
  const options = [own, m.model_execution_environment]
    .map((o) => o?.trim())
    .filter((o): o is string => Boolean(o));
  return [...new Set(options)];
}

/** The files offered as execution files: files (not folders) matching the language's patterns. */
export function offeredFiles(files: readonly FileNode[], language: ModelLanguage): FileNode[] {
  return executionFileCandidates(
    files.filter((f) => !f.folder),
    language,
  ).sort((a, b) => filePathOf(a).localeCompare(filePathOf(b)));
}

export const filePathOf = (f: Pick<FileNode, 'path' | 'name'>) => (f.path ? `${f.path}/${f.name}` : f.name);

export interface PickerState {
  environments: string[];
  files: FileNode[];
  /** The 'Select file' button is enabled (§2: environment options exist and files are available). */
  enabled: boolean;
}

export function pickerState(model: EntryForSubModels, files: readonly FileNode[]): PickerState {
  const language = entryLanguage(model, files);
  const environments = environmentOptions(model, language);
  const offered = offeredFiles(files, language);
  return { environments, files: offered, enabled: canPickExecutionFiles(environments, offered) };
}

/** The form's starting values: a stored sub-model's (edit), or an empty form with the entry's environment. */
export function initialForm(
  subModel: SubModelView | undefined,
  environments: readonly string[],
): SubModelFormValues {
  if (subModel) return toSubModelForm(subModel, subModel.definitionType);
  return {
    name: '',
    executionModels: [],
    outputPathDir: '',
    executionSetupId: undefined,
    displayExecutionSetupId: undefined,
    environment: environments[0] ?? '',
    timeoutMinutes: DEFAULT_TIMEOUT_MINUTES,
    definitionType: 'JSONTEMPLATE',
  };
}
