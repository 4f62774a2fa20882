import * as z from 'zod/mini';
import { SUB_MODEL_LIMITS } from './limits';
import { DESIGNED_MESSAGES, FORM_MESSAGES as M, SUB_MODEL_MESSAGES } from './messages';
import { InputDefinitionTypeSchema } from './model-input';
import type { ModelLanguage } from './model-language';

/**
 * Sub-models (execution setups, spec 001 §3) and the rules of the Add/Edit sub-model dialog (§2, §5).
 *
 * The dialog works in minutes; the entity stores seconds. `toSubModelForm` turns a stored sub-model
 * into form values (rounding the timeout to minutes), `toSubModelPayload` turns form values into the
 * create/update payload (minutes × 60, and only the links the section allows).
 */

export const SubModelTypeSchema = z.enum(['scenario', 'calibration', 'display']);
export type SubModelType = z.infer<typeof SubModelTypeSchema>;

export const SECTION_TITLES: Record<SubModelType, string> = {
  calibration: SUB_MODEL_MESSAGES.calibrationManagement,
  display: SUB_MODEL_MESSAGES.displayManagement,
  scenario: SUB_MODEL_MESSAGES.scenarioManagement,
};

/** §2: the calibration link only in the scenario section; the display link in scenario and calibration. */
export const SUB_MODEL_LINKS: Record<SubModelType, { calibration: boolean; display: boolean }> = {
  scenario: { calibration: true, display: true },
  calibration: { calibration: false, display: true },
  display: { calibration: false, display: false },
};

export const FORM_LABELS = {
  name: 'Name',
  executionModels: 'Execution Files',
  outputPathDir: 'Output Directory Path',
  executionSetupId: 'Calibration Sub-model',
  displayExecutionSetupId: 'Display Sub-model',
  environment: 'Environment',
  timeoutMinutes: 'Execution timeout',
  definitionType: 'Definition Type',
} as const;

/** §5: letters, digits, underscore, hyphen and slash, not starting with a slash. */
export const RELATIVE_PATH = /^(?!\/)[A-Za-z0-9_\-/]+$/;

/**
 * §5 output directory, at most 255 characters (issue 16 §2: a path of 5,000 was accepted and every run
 * of the sub-model then died creating the directory).
 */
export const OutputPathSchema = z.string({ error: M.required(FORM_LABELS.outputPathDir) }).check(
  z.minLength(1, { message: M.required(FORM_LABELS.outputPathDir), abort: true }),
  z.maxLength(SUB_MODEL_LIMITS.outputPathMax, {
    message: DESIGNED_MESSAGES.outputPathTooLong(SUB_MODEL_LIMITS.outputPathMax),
    abort: true,
  }),
  z.regex(RELATIVE_PATH, SUB_MODEL_MESSAGES.pathMustBeRelative),
);

const { min: TIMEOUT_MIN, max: TIMEOUT_MAX } = SUB_MODEL_LIMITS.timeoutMinutes;

export const TimeoutMinutesSchema = z
  .number({
    error: (issue) =>
      issue.input == null || issue.input === ''
        ? M.required(FORM_LABELS.timeoutMinutes)
        : M.mustBeNumber(FORM_LABELS.timeoutMinutes),
  })
  // z.int() as a check, not as the base schema: a non-number keeps the required/number message above
  // and a fraction gets its own integer message.
  .check(
    z.int(M.mustBeInteger(FORM_LABELS.timeoutMinutes)),
    z.gte(TIMEOUT_MIN, M.equalOrGreaterThan(FORM_LABELS.timeoutMinutes, TIMEOUT_MIN)),
    z.lte(TIMEOUT_MAX, M.equalOrSmallerThan(FORM_LABELS.timeoutMinutes, TIMEOUT_MAX)),
  );

const requiredText = (label: string, max = 255) =>
  z
    .string({ error: M.required(label) })
    .check(z.trim(), z.minLength(1, M.required(label)), z.maxLength(max, M.tooLong(label)));

const optionalId = z.pipe(
  z.optional(z.string().check(z.maxLength(64))),
  z.transform((v: string | undefined) => (v === '' ? undefined : v)),
);

/** The Add/Edit sub-model dialog. Links the section does not offer are dropped by toSubModelPayload. */
export const SubModelFormSchema = z.object({
  name: requiredText(FORM_LABELS.name),
  /** File uuids of the entry chosen as execution files. */
  executionModels: z
    .array(z.string().check(z.minLength(1), z.maxLength(64)), {
      error: M.required(FORM_LABELS.executionModels),
    })
    .check(z.minLength(1, M.required(FORM_LABELS.executionModels)), z.maxLength(200)),
  outputPathDir: OutputPathSchema,
  executionSetupId: optionalId,
  displayExecutionSetupId: optionalId,
  environment: requiredText(FORM_LABELS.environment),
  timeoutMinutes: TimeoutMinutesSchema,
  definitionType: z.enum(InputDefinitionTypeSchema.options, {
    error: M.required(FORM_LABELS.definitionType),
  }),
});
export type SubModelForm = z.input<typeof SubModelFormSchema>;
export type SubModelFormValues = z.output<typeof SubModelFormSchema>;

/** The stored sub-model (execution setup). */
export const SubModelSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  type: SubModelTypeSchema,
  name: z.string().check(z.minLength(1), z.maxLength(255)),
  environment: z.string().check(z.minLength(1), z.maxLength(255)),
  executionModels: z
    .array(z.string().check(z.minLength(1), z.maxLength(64)))
    .check(z.minLength(1), z.maxLength(200)),
  timeoutSeconds: z.int().check(z.gte(TIMEOUT_MIN * 60), z.lte(TIMEOUT_MAX * 60)),
  executionSetupId: z.optional(z.string().check(z.maxLength(64))),
  displayExecutionSetupId: z.optional(z.string().check(z.maxLength(64))),
  outputPathDir: z.string().check(z.regex(RELATIVE_PATH)),
  createdBy: z.string(),
  /** The creator's name when it was created: 'Created By' names people without a role too. */
  createdByName: z.optional(z.string()),
  createdOn: z.string(),
  modifiedOn: z.string(),
});
export type SubModel = z.infer<typeof SubModelSchema>;

/** What the create and update calls send (§7): the form in seconds, with the section's links only. */
export const SubModelPayloadSchema = z
  .extend(
    z.pick(SubModelSchema, {
      type: true,
      name: true,
      environment: true,
      executionModels: true,
      timeoutSeconds: true,
      executionSetupId: true,
      displayExecutionSetupId: true,
      outputPathDir: true,
    }),
    { definitionType: z.optional(InputDefinitionTypeSchema) },
  )
  .check(
    z.superRefine((p, ctx) => {
      const links = SUB_MODEL_LINKS[p.type];
      if (p.executionSetupId && !links.calibration)
        ctx.addIssue({
          code: 'custom',
          path: ['executionSetupId'],
          message: M.invalid(FORM_LABELS.executionSetupId),
        });
      if (p.displayExecutionSetupId && !links.display)
        ctx.addIssue({
          code: 'custom',
          path: ['displayExecutionSetupId'],
          message: M.invalid(FORM_LABELS.displayExecutionSetupId),
        });
    }),
  );
export type SubModelPayload = z.infer<typeof SubModelPayloadSchema>;

export const minutesToSeconds = (minutes: number) => Math.round(minutes * 60);
/** Stored values are rounded to minutes on load (§5). */
export const secondsToMinutes = (seconds: number) => Math.round(seconds / 60);

export function toSubModelPayload(type: SubModelType, form: SubModelFormValues): SubModelPayload {
  const links = SUB_MODEL_LINKS[type];
  return {
    type,
    name: form.name,
    environment: form.environment,
    executionModels: form.executionModels,
    timeoutSeconds: minutesToSeconds(form.timeoutMinutes),
    outputPathDir: form.outputPathDir,
    definitionType: form.definitionType,
    ...(links.calibration && form.executionSetupId ? { executionSetupId: form.executionSetupId } : {}),
    ...(links.display && form.displayExecutionSetupId
      ? { displayExecutionSetupId: form.displayExecutionSetupId }
      : {}),
  };
}

export function toSubModelForm(
  subModel: Pick<
    SubModel,
    | 'name'
    | 'executionModels'
    | 'outputPathDir'
    | 'executionSetupId'
    | 'displayExecutionSetupId'
    | 'environment'
    | 'timeoutSeconds'
  >,
  definitionType: SubModelFormValues['definitionType'],
): SubModelFormValues {
  return {
    name: subModel.name,
    executionModels: [...subModel.executionModels],
    outputPathDir: subModel.outputPathDir,
    executionSetupId: subModel.executionSetupId,
    displayExecutionSetupId: subModel.displayExecutionSetupId,
    environment: subModel.environment,
    timeoutMinutes: secondsToMinutes(subModel.timeoutSeconds),
    definitionType,
  };
}

/** §2: the definition type is chosen when adding and fixed when editing. */
export const isDefinitionTypeEditable = (mode: 'add' | 'edit') => mode === 'add';

/** The server's side of the same rule: an update must not change the definition type. */
export function definitionTypeChangeProblem(
  current: string | undefined,
  requested: string | undefined,
): string | undefined {
  return requested !== undefined && current !== undefined && requested !== current
    ? M.invalid(FORM_LABELS.definitionType)
    : undefined;
}

/** §5: deleting needs the confirmation tick. */
export const DeleteSubModelFormSchema = z.object({
  confirm: z.literal(true, { error: SUB_MODEL_MESSAGES.deleteSubModelConfirm }),
});

/** §2: editing a sub-model asks whether earlier instances become outdated. */
export const OUTDATE_CHOICES = [
  { outdate: false, label: SUB_MODEL_MESSAGES.proceedWithoutOutdating },
  { outdate: true, label: SUB_MODEL_MESSAGES.outdateInstances },
] as const;

// ---------- execution files by model language (§9) ----------

export { type ModelLanguage, ModelLanguageSchema } from './model-language';
export const MODEL_LANGUAGE_LABELS: Record<ModelLanguage, string> = {
  ExcelNative: 'Excel',
  Mathematica: 'Mathematica',
  Python: 'Python',
  R: 'R',
  Other: 'Other',
};

/**
 * File name patterns of the files each language can execute (case-insensitive). The spec names the
 * languages but not the patterns; these are ours. 'Other' runs any file.
 */
export const MODEL_LANGUAGE_PATTERNS: Record<ModelLanguage, RegExp> = {
  ExcelNative: /\.(xlsx|xlsm|xlsb|xls)$/i,
  Mathematica: /\.(m|nb|wl|wls)$/i,
  Python: /\.py$/i,
  R: /\.r$/i,
  Other: /./,
};

/**
 * The language of an entry: a Python or Mathematica environment decides; otherwise the main files'
 * extensions (Excel, then R, Python, Mathematica); otherwise Other.
 */
export function modelLanguageOf(input: {
  pythonEnvironment?: string;
  mathematicaEnvironment?: string;
  mainFileNames?: readonly string[];
}): ModelLanguage {
  if (input.pythonEnvironment) return 'Python';
  if (input.mathematicaEnvironment) return 'Mathematica';
  const names = input.mainFileNames ?? [];
  for (const language of ['ExcelNative', 'R', 'Python', 'Mathematica'] as const)
    if (names.some((n) => MODEL_LANGUAGE_PATTERNS[language].test(n))) return language;
  return 'Other';
}

/** §2: the files offered as execution files, filtered by the model's language. */
export function executionFileCandidates<F extends { name: string }>(
  files: readonly F[],
  language: ModelLanguage,
): F[] {
  const pattern = MODEL_LANGUAGE_PATTERNS[language];
  return files.filter((f) => pattern.test(f.name));
}

/** §2: the file picker button is enabled only with environment options and files to offer. */
export const canPickExecutionFiles = (
  environmentOptions: readonly string[],
  candidates: readonly unknown[],
) => environmentOptions.length > 0 && candidates.length > 0;

/** §9: spaces in file names become underscores. */
export const normalizeFileName = (name: string) => name.replace(/ /g, '_');
