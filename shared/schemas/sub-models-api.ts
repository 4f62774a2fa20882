import * as z from 'zod/mini';
import { GroupNameSchema, GroupSchema } from '../sub-models/groups';
import { FORM_MESSAGES } from '../sub-models/messages';
import { InputDefinitionTypeSchema, ModelInputSchema } from '../sub-models/model-input';
import {
  FORM_LABELS,
  OutputPathSchema,
  SubModelPayloadSchema,
  SubModelSchema,
  SubModelTypeSchema,
} from '../sub-models/sub-model';
import { freeText } from './input';
import { UuidSchema } from './model-api';

/**
 * Request and response shapes of the `sub-models` area (issue 10; spec 001 §2-§7). The rules behind
 * them (forms, templates, import, access) are in shared/sub-models; these are the API's envelopes.
 *   GET    /v2/models/{uuid}/sub-models?type=                 ListSubModelsQuery → SubModelList
 *   POST   /v2/models/{uuid}/sub-models                       CreateSubModelBody → SubModelView (201)
 *   GET    /v2/models/{uuid}/sub-models/{subModelId}          → SubModelView
 *   PUT    /v2/models/{uuid}/sub-models/{subModelId}          UpdateSubModelBody → SubModelView
 *   DELETE /v2/models/{uuid}/sub-models/{subModelId}          → 204
 *   POST   /v2/models/{uuid}/sub-models/{subModelId}/outdate  → OutdateResult
 *   GET    /v2/models/{uuid}/sub-models/{subModelId}/inputs   → ModelInputList
 *   POST   /v2/models/{uuid}/sub-models/{subModelId}/inputs   CreateInputBody → ModelInputView (201)
 *   GET|PUT|DELETE …/inputs/{inputId}                         UpdateInputBody → ModelInputView
 *   POST   …/inputs/import                                    ImportDefinitionBody → ModelInputView
 *   GET    /v2/models/{uuid}/help-files                       → HelpFileList
 *   GET    /v2/models/{uuid}/groups?subModelId=               → GroupList
 *   POST   /v2/models/{uuid}/groups                           CreateGroupBody → GroupView (201)
 *   GET|PUT|DELETE /v2/models/{uuid}/groups/{groupId}         UpdateGroupBody → GroupView
 */

/** Ids we issue (ULIDs) and any seeded id: letters, digits, '_' and '-'. */
export const SubModelIdSchema = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(64),
    z.regex(/^[A-Za-z0-9_-]+$/, 'An id has letters, digits, _ and - only'),
  );

export const SubModelParamsSchema = z.object({ uuid: UuidSchema, subModelId: SubModelIdSchema });
export const InputParamsSchema = z.extend(SubModelParamsSchema, { inputId: SubModelIdSchema });
export const GroupParamsSchema = z.object({ uuid: UuidSchema, groupId: SubModelIdSchema });

export const OutcomeSchema = z.enum(['allowed', 'forbidden', 'disallowed']);

// ---------- sub-models ----------

export const ListSubModelsQuerySchema = z.object({ type: z.optional(SubModelTypeSchema) });

/** What the caller may do with one sub-model (spec 001 §6; shared/sub-models/sub-model-access.ts). */
export const SubModelPermissionsSchema = z.object({
  edit: OutcomeSchema,
  delete: OutcomeSchema,
  addInstance: OutcomeSchema,
});

export const SubModelViewSchema = z.extend(SubModelSchema, {
  modelUuid: z.string(),
  /** The type of the input definition chosen when the sub-model was added; fixed afterwards. */
  definitionType: InputDefinitionTypeSchema,
  /** Incremented by every edit. */
  version: z.int().check(z.positive()),
  permissions: SubModelPermissionsSchema,
});
export type SubModelView = z.infer<typeof SubModelViewSchema>;

/** Per section: whether the caller sees it (sections) and may add a sub-model to it (add). */
export const SectionAccessSchema = z.object({
  sections: z.record(SubModelTypeSchema, OutcomeSchema),
  add: z.record(SubModelTypeSchema, OutcomeSchema),
});
export type SectionAccess = z.infer<typeof SectionAccessSchema>;

/** Sorted by name ascending (§2 "Sub-model list sorted by name ascending"). */
export const SubModelListSchema = z.object({
  items: z.array(SubModelViewSchema),
  access: SectionAccessSchema,
});
export type SubModelList = z.infer<typeof SubModelListSchema>;

/** The form's own messages ('Path must be relative path'), which the stored shape does not carry. */
const nameText = freeText({ min: 1, max: 255, minMessage: FORM_MESSAGES.required(FORM_LABELS.name) });
const environmentText = freeText({
  min: 1,
  max: 255,
  minMessage: FORM_MESSAGES.required(FORM_LABELS.environment),
});

/** POST: the payload of §7 with its definition type (required when adding). */
export const CreateSubModelBodySchema = z.safeExtend(SubModelPayloadSchema, {
  name: nameText,
  environment: environmentText,
  outputPathDir: OutputPathSchema,
  definitionType: InputDefinitionTypeSchema,
});
export type CreateSubModelBody = z.infer<typeof CreateSubModelBodySchema>;

/**
 * PUT: the same payload; `definitionType`, when sent, must be the stored one (422 otherwise);
 * `outdateInstances: true` is the dialog's 'Outdate instances' choice.
 */
export const UpdateSubModelBodySchema = z.safeExtend(SubModelPayloadSchema, {
  name: nameText,
  environment: environmentText,
  outputPathDir: OutputPathSchema,
  outdateInstances: z.optional(z.boolean()),
});
export type UpdateSubModelBody = z.infer<typeof UpdateSubModelBodySchema>;

export const OutdateResultSchema = z.object({ outdated: z.int().check(z.nonnegative()) });

// ---------- input definitions ----------

/**
 * The largest input definition value (JSON text) the API stores: 350 KB keeps the item below
 * DynamoDB's 400 KB; larger answers 413.
 */
export const INPUT_VALUE_MAX_BYTES = 350 * 1024;

export const DefinitionIssueSchema = z.object({ path: z.string(), message: z.string() });

/**
 * An input definition as the API answers it: `valid` and `issues` say whether the value passes the
 * rules (a template's parameter rules; a JSON definition must be an object). An invalid template is
 * stored as well: the editor asked 'Do you want to save it anyway?'.
 */
export const ModelInputViewSchema = z.extend(ModelInputSchema, {
  subModelId: z.string(),
  name: z.string(),
  createdOn: z.string(),
  modifiedOn: z.string(),
  valid: z.boolean(),
  issues: z.array(DefinitionIssueSchema),
});
export type ModelInputView = z.infer<typeof ModelInputViewSchema>;

/** Ordered by modifiedOn, newest first (§7). */
export const ModelInputListSchema = z.object({ items: z.array(ModelInputViewSchema) });

const inputName = freeText({ max: 255 });
/** JSON text; the size limit is checked on the stored text (413). */
const valueText = z.string().check(z.maxLength(INPUT_VALUE_MAX_BYTES));

export const CreateInputBodySchema = z.object({
  type: InputDefinitionTypeSchema,
  name: z.optional(inputName),
  /** Default: the empty value of the type (newModelInputValue). */
  value: z.optional(valueText),
});
export type CreateInputBody = z.infer<typeof CreateInputBodySchema>;

export const UpdateInputBodySchema = z.object({ value: valueText, name: z.optional(inputName) });
export type UpdateInputBody = z.infer<typeof UpdateInputBodySchema>;

/**
 * A definition file read by the browser: `fileName` decides the format (.json or .xml), `content` is
 * its text. `inputId` names the input definition whose value the file replaces; without it, the
 * sub-model's definition input (the newest one of its definition type, created when there is none).
 */
export const ImportDefinitionBodySchema = z.object({
  fileName: freeText({ min: 1, max: 255 }),
  content: z.string().check(z.maxLength(250 * 1024)),
  inputId: z.optional(SubModelIdSchema),
});
export type ImportDefinitionBody = z.infer<typeof ImportDefinitionBodySchema>;

// ---------- help files ----------

/**
 * The file type that marks a help file (§5 'assign the File Type as Help File'). File types are
 * letters only (000 §5), so the stored tag is 'HelpFile'; 'Help File' written elsewhere matches too.
 */
export const HELP_FILE_TAG = 'HelpFile';
export const isHelpFileTag = (tag: string | undefined) =>
  (tag ?? '').replace(/\s+/g, '').toLowerCase() === HELP_FILE_TAG.toLowerCase();

export const HelpFileListSchema = z.object({
  items: z.array(z.object({ uuid: z.string(), name: z.string() })),
});
export type HelpFileList = z.infer<typeof HelpFileListSchema>;

// ---------- groups ----------

export const GroupListQuerySchema = z.object({ subModelId: z.optional(SubModelIdSchema) });

export const GroupViewSchema = z.extend(GroupSchema, {
  modelUuid: z.string(),
  createdBy: z.string(),
  createdOn: z.string(),
  modifiedOn: z.string(),
});
export type GroupView = z.infer<typeof GroupViewSchema>;

/** Sorted by name (§7 "list by model (order by name)"). */
export const GroupListSchema = z.object({ items: z.array(GroupViewSchema) });

const scenarioIds = z.array(SubModelIdSchema).check(z.maxLength(10_000));

export const CreateGroupBodySchema = z.object({
  executionSetupId: SubModelIdSchema,
  name: GroupNameSchema,
  scenarioIds: z._default(scenarioIds, []),
});
export type CreateGroupBody = z.infer<typeof CreateGroupBodySchema>;

export const UpdateGroupBodySchema = z.object({
  name: z.optional(GroupNameSchema),
  scenarioIds: z.optional(scenarioIds),
});
export type UpdateGroupBody = z.infer<typeof UpdateGroupBodySchema>;

// ---------- messages of the API (ours: the spec does not word these) ----------

export const SUB_MODEL_API_MESSAGES = {
  onlyWebModel: "Sub-models are only available for 'WebModel 2.0' models.",
  subModelNotFound: 'Sub-model not found.',
  inputNotFound: 'Input definition not found.',
  groupNotFound: 'Group not found.',
  sectionDenied: 'You do not have access to this section.',
  calibrationSectionDenied:
    'You do not have access to the calibration section: only users who see calibration sub-models can link to one or run with one.',
  actionDenied: 'You do not have permission to do this with this sub-model.',
  retired: 'A retired model entry cannot be changed.',
  running: 'The sub-model has a running instance. Wait until it finishes or cancel it first.',
  valueTooLarge: `The input definition is larger than ${INPUT_VALUE_MAX_BYTES / 1024} KB.`,
  executionFileUnknown: (id: string) => `Execution file ${id} is not a file of this model entry.`,
  executionFileLanguage: (name: string, language: string) =>
    `${name} cannot be executed by this model (${language}).`,
  linkUnknown: (label: string) => `${label} is not a sub-model of this model entry.`,
  scenarioUnknown: (id: string) => `Instance ${id} is not an instance of this sub-model.`,
  subModelIdUnknown: (id: string) =>
    `Sub-model ${id} is not a calibration or scenario sub-model of this model entry.`,
  groupSubModel: 'Groups belong to scenario and calibration sub-models.',
} as const;
