import * as z from 'zod/mini';
import {
  INSTANCE_STATUSES,
  InstanceLabelSchema,
  InstanceNameSchema,
  InstanceSchema,
  InstanceStatusSchema,
} from '../sub-models/instances';
import { SUB_MODEL_LIMITS } from '../sub-models/limits';
import { ShareUserSchema } from '../sub-models/sharing';
import { booleanText, commaSeparated, freeText, textCharacters } from './input';
import { UuidSchema } from './model-api';
import { IsidSchema } from './user';

/**
 * The instances API (issue 10, area `instances`): path parameters, bodies, queries and answers. The
 * rules themselves (name and label limits, state rules, sharing) are in shared/sub-models; this module
 * only shapes the requests and answers around them.
 */

/** Instance, sub-model and input ids are ULIDs (or, for seeded data, other short ids). */
const IdSchema = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(64),
    z.regex(/^[A-Za-z0-9_-]+$/, 'must be an id of letters, digits, _ and -'),
  );

export const InstanceModelParamsSchema = z.object({ uuid: UuidSchema });
export const SubModelInstancesParamsSchema = z.object({ uuid: UuidSchema, subModelId: IdSchema });
export const InstanceParamsSchema = z.object({ uuid: UuidSchema, instanceId: IdSchema });
export const InstanceShareParamsSchema = z.extend(InstanceParamsSchema, { userId: IsidSchema });

/** A name as the forms send it: the shared rule (required, at most 200) and no control characters. */
export const InstanceNameInputSchema = InstanceNameSchema.check(z.superRefine(textCharacters()));
export const InstanceLabelInputSchema = InstanceLabelSchema.check(z.superRefine(textCharacters()));

// ---------- the list query (§3 "Scenario list query", §9 paging) ----------

export const INSTANCE_ORDER_BY = ['createdOn', 'name', 'status', 'createdBy'] as const;
export type InstanceOrderBy = (typeof INSTANCE_ORDER_BY)[number];

/** 10, 20, 50, 100 (§9), and 1000 for the calibration list (§7). */
export const INSTANCE_PAGE_SIZES: readonly number[] = [
  ...SUB_MODEL_LIMITS.pageSizeOptions,
  SUB_MODEL_LIMITS.modelInputPageSize,
];

export const ListInstancesQuerySchema = z.object({
  /** The sub-model (execution setup); all sub-models of the entry the caller sees when absent. */
  executionSetupId: z.optional(IdSchema),
  status: commaSeparated(InstanceStatusSchema, INSTANCE_STATUSES.length),
  /** One instance name, matched whole (trimmed, any case). */
  name: z.optional(freeText({ max: SUB_MODEL_LIMITS.instanceNameMax })),
  /** Creator ISIDs, comma-separated. */
  createdBy: commaSeparated(IsidSchema, 50),
  /** Month of the creation date (UTC), 1 = January. */
  createdOnMonth: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(12))),
  /** Search: a part of the name, the label or the creator's name (any case). */
  query: z.optional(freeText({ max: 200 })),
  /** Hidden instances (the visualization's unsaved analyses) are listed only with `hidden=true`. */
  hidden: z.optional(booleanText()),
  /** `mine`: instances the caller created or that are shared with the caller. */
  view: z._default(z.enum(['all', 'mine']), 'all'),
  /** An offset: the index of the first row (§3). */
  pageIndex: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000)), 0),
  pageSize: z._default(
    z.coerce.number().check(
      z.int(),
      z.refine((n) => INSTANCE_PAGE_SIZES.includes(n), 'Page size must be 10, 20, 50, 100 or 1000'),
    ),
    SUB_MODEL_LIMITS.instancePageSize,
  ),
  orderBy: z._default(z.enum(INSTANCE_ORDER_BY), 'createdOn'),
  orderDesc: z._default(booleanText(), true),
});
export type ListInstancesQuery = z.output<typeof ListInstancesQuerySchema>;

/** A row of the instance list: what the list shows and filters on, as the caller sees it. */
export const InstanceSummarySchema = z.extend(
  z.omit(InstanceSchema, { input: true, displayScenarios: true }),
  {
    /** The creator's name when the instance was created (the Creator column and filter). */
    createdByName: z.string(),
    /** True when the instance is shared with the caller (the 'Shared' marker; §6 shared users). */
    shared: z.boolean(),
    /** 'CREATOR' for the creator, 'SHARED' when shared with the caller. */
    userAccess: z.optional(z.enum(['CREATOR', 'SHARED'])),
    /**
     * The calibration instance `scenarioId` names, for callers who see the calibration section: the
     * list row and the detail say which calibration a scenario uses, and when it is no longer the
     * accepted one (SUPERSEDED, or UNACCEPTED again).
     */
    calibration: z.optional(z.object({ id: z.string(), name: z.string(), status: InstanceStatusSchema })),
  },
);
export type InstanceSummary = z.infer<typeof InstanceSummarySchema>;

export const InstanceFacetsSchema = z.object({
  status: z.array(InstanceStatusSchema),
  /** At most INSTANCE_NAME_FACET_LIMIT names, in name order. */
  name: z.array(z.string()),
  createdBy: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type InstanceFacets = z.infer<typeof InstanceFacetsSchema>;
/** Names are unique, so a name facet of 10,000 instances would be the list itself: it is cut here. */
export const INSTANCE_NAME_FACET_LIMIT = 1000;

export const InstanceListPageSchema = z.object({
  items: z.array(InstanceSummarySchema),
  total: z.int().check(z.nonnegative()),
  facets: InstanceFacetsSchema,
});
export type InstanceListPage = z.infer<typeof InstanceListPageSchema>;

// ---------- one instance ----------

export const OutcomeSchema = z.enum(['allowed', 'forbidden', 'disallowed']);
export const InstancePermissionsSchema = z.object({
  edit: OutcomeSchema,
  clone: OutcomeSchema,
  delete: OutcomeSchema,
  share: OutcomeSchema,
});
export type InstancePermissions = z.infer<typeof InstancePermissionsSchema>;

/** A user the instance is shared with ('Shared with'). */
export const ShareEntrySchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  sharedBy: z.string(),
  sharedOn: z.string(),
});
export type ShareEntry = z.infer<typeof ShareEntrySchema>;

export const InstanceDetailSchema = z.extend(InstanceSummarySchema, {
  displayScenarios: InstanceSchema.shape.displayScenarios,
  /** The values, limited to the parameters within the caller's expertise level. */
  input: z.object({ modelInputId: z.string(), value: z.string() }),
  permissions: InstancePermissionsSchema,
  /** Active shares. */
  sharedWith: z.array(ShareEntrySchema),
});
export type InstanceDetail = z.infer<typeof InstanceDetailSchema>;

/**
 * The scenarios an analysis (an instance of a display sub-model, spec 001 §3 and §4 visualization)
 * displays: each finished instance once, in its displayed order (from 1 in the flow).
 */
export const DisplayScenariosSchema = z
  .array(
    z.object({
      id: IdSchema,
      label: z.optional(freeText({ max: SUB_MODEL_LIMITS.instanceLabelMax })),
      order: z.int().check(z.gte(0), z.lte(10_000)),
    }),
  )
  .check(z.maxLength(500));
export type DisplayScenarios = z.infer<typeof DisplayScenariosSchema>;

/**
 * A new instance. `hidden` and `displayScenarios` make an analysis of a display sub-model (hidden
 * unless said otherwise); other sub-models take no display scenarios. `calibrationInstanceId`: the
 * accepted calibration instance a scenario of a linked sub-model runs with (001 §5, §7; Execute may
 * choose another). Strict: a misspelt field would otherwise be dropped without a word.
 */
export const CreateInstanceBodySchema = z.strictObject({
  name: InstanceNameInputSchema,
  label: z.optional(InstanceLabelInputSchema),
  hidden: z.optional(z.boolean()),
  displayScenarios: z.optional(DisplayScenariosSchema),
  calibrationInstanceId: z.optional(IdSchema),
});
export type CreateInstanceBody = z.infer<typeof CreateInstanceBodySchema>;

export const InstanceNameCheckBodySchema = z.object({
  name: InstanceNameInputSchema,
  /** The instance being renamed: its own name does not count. */
  instanceId: z.optional(IdSchema),
});
export const InstanceNameCheckResultSchema = z.object({ exists: z.boolean() });

export const UpdateInstanceBodySchema = z.strictObject({
  name: z.optional(InstanceNameInputSchema),
  hidden: z.optional(z.boolean()),
  displayScenarios: z.optional(DisplayScenariosSchema),
  /** Another accepted calibration instance for a scenario of a linked sub-model (as at creation). */
  calibrationInstanceId: z.optional(IdSchema),
});
export type UpdateInstanceBody = z.infer<typeof UpdateInstanceBodySchema>;

/**
 * Save or Update Analysis (spec 001 §4 "Saving an analysis sets hidden to false"): the analysis's name.
 * Allowed in any state, since an analysis is saved after its run has finished.
 */
export const SaveAnalysisBodySchema = z.strictObject({ name: InstanceNameInputSchema });
export type SaveAnalysisBody = z.infer<typeof SaveAnalysisBodySchema>;

/** The saved analysis; `saved` is true when it was hidden until now ('Analysis Saved', else 'Analysis Updated'). */
export const SaveAnalysisResultSchema = z.object({
  instance: InstanceDetailSchema,
  saved: z.boolean(),
});
export type SaveAnalysisResult = z.infer<typeof SaveAnalysisResultSchema>;

/** Instance values are JSON text; the table item holding them must stay below DynamoDB's 400 KB. */
export const INSTANCE_VALUE_MAX_BYTES = 350 * 1024;

export const PutInstanceInputsBodySchema = z.object({
  modelInputId: IdSchema,
  /** JSON text of an object (not an array). */
  value: z.string(),
  addNewInstance: z.optional(z.boolean()),
});
export type PutInstanceInputsBody = z.infer<typeof PutInstanceInputsBodySchema>;

export const ValueIssueSchema = z.object({ name: z.string(), path: z.string(), message: z.string() });

/** The saved instance; `valid` false with `issues` when the values break the template (saved anyway). */
export const PutInstanceInputsResultSchema = z.extend(InstanceDetailSchema, {
  valid: z.boolean(),
  issues: z.array(ValueIssueSchema),
});

export const InstanceLabelBodySchema = z.object({ label: InstanceLabelInputSchema });
export const CloneInstanceBodySchema = z.object({ name: InstanceNameInputSchema });

// ---------- sharing ----------

export const ShareCandidatesQuerySchema = z.object({ query: z.optional(freeText({ max: 100 })) });
export const ShareCandidatesSchema = z.object({ items: z.array(ShareUserSchema) });
export const SharedWithResultSchema = z.object({
  sharedWith: z.array(ShareEntrySchema),
  /** Whether the share e-mail went out (the share itself is stored either way). */
  emailSent: z.optional(z.boolean()),
});

// ---------- parameter files ----------

export const ParameterFileBodySchema = z.object({
  parameterName: z.string().check(z.minLength(1), z.maxLength(255)),
  /** Empty gives 'File is required'. */
  fileName: z.string().check(z.maxLength(255)),
  size: z.int().check(z.nonnegative()),
});
export type ParameterFileBody = z.infer<typeof ParameterFileBodySchema>;

export const ParameterFileTicketSchema = z.object({
  file: z.object({ id: z.string(), name: z.string() }),
  upload: z.object({ url: z.string(), headers: z.record(z.string(), z.string()) }),
});
export type ParameterFileTicket = z.infer<typeof ParameterFileTicketSchema>;

/** The API's own texts for instances (the spec quotes none for these situations; ours). */
export const INSTANCE_API_MESSAGES = {
  notFound: 'Instance not found.',
  editState: 'Only instances that are not executed, failed or cancelled can be changed.',
  cloneOutdated: 'An outdated instance cannot be cloned.',
  deleteOwn: 'Only the creator of an instance can delete it.',
  deleteState: 'Only instances that are not executed, failed, cancelled or completed can be deleted.',
  actionDenied: 'You do not have permission to do this with this instance.',
  addDenied: 'You do not have permission to add instances to this sub-model.',
  shareDenied: 'You do not have permission to share this instance.',
  noInputDefinition: 'The sub-model has no input definition.',
  inputNotOfSubModel: (id: string) => `Input definition ${id} is not an input definition of this sub-model.`,
  valueTooLarge: `The instance values are larger than ${INSTANCE_VALUE_MAX_BYTES / 1024} KB.`,
  shareSelf: 'You cannot share an instance with yourself.',
  shareUnknownUser: (id: string) => `User ${id} was not found or is not active.`,
  notShared: (id: string) => `This instance is not shared with user ${id}.`,
  shareMailNotSent: 'The instance was shared, but the e-mail could not be sent.',
  parameterNotFile: (name: string) => `${name} is not a file parameter of this instance's input definition.`,
  fileValueInvalid: (title: string) =>
    `${title}: the value of a file parameter must be the id and name of a file uploaded for it.`,
  fileValueNotUploaded: (title: string) =>
    `${title}: the file was not uploaded for this model entry. Upload the file again.`,
  displayScenariosRequired: 'An analysis of a display sub-model needs at least one scenario to display.',
  displayScenariosNotDisplay: 'Only instances of a display sub-model display scenarios.',
  displayScenarioTwice: (id: string) => `Scenario ${id} is displayed more than once.`,
  displayOrderTwice: (order: number) => `Two displayed scenarios have the order ${order}.`,
  displayScenarioNotFound: (id: string) => `Scenario ${id} was not found.`,
  displayScenarioIsAnalysis: (name: string) => `${name} is an analysis; only scenarios can be displayed.`,
  displayScenarioNotFinished: (name: string) =>
    `${name} has no finished result to display: only completed, accepted or superseded instances can be displayed.`,
  displayScenariosTooLarge: (bytes: number, limitBytes: number) =>
    `The displayed scenarios' output files total ${(bytes / 1024 ** 3).toFixed(1)} GB, more than the ${(limitBytes / 1024 ** 3).toFixed(0)} GB a display run may read: display fewer scenarios.`,
  notAnAnalysis: 'Only an analysis (an instance of a display sub-model) can be saved as an analysis.',
  analysisSaveDenied:
    "Only the creator of an analysis, the users it is shared with, the entry's owners, lead and steward, and super users can save it.",
  displayScenarioOtherDisplay: (name: string, display: string) =>
    `${name} belongs to a sub-model that does not use the display sub-model ${display}.`,
} as const;
