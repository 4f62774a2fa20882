import * as z from 'zod/mini';
import { LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { freeText, textCharacters } from './input';

export const IncidentStatusSchema = z.enum(['OPEN', 'CLOSED']);
export type IncidentStatus = z.infer<typeof IncidentStatusSchema>;

/** The report dialog (000 §5, §8): description required, at most 500 characters. */
export const CreateIncidentBodySchema = z.object({
  reportId: z.optional(z.string().check(z.maxLength(100))),
  description: z
    // Only a missing description is 'required'; other problems keep their own words (input.ts).
    .string({ error: (issue) => (issue.input === undefined ? MESSAGES.fieldRequired : undefined) })
    .check(
      z.trim(),
      z.minLength(1, MESSAGES.fieldRequired),
      z.maxLength(LIMITS.reportDescriptionMax, MESSAGES.reportTooLong),
      z.superRefine(textCharacters({ multiline: true })),
    ),
  userNotes: z.optional(freeText({ max: LIMITS.incidentUserNotesMax, multiline: true })),
  issueSummary: z.optional(freeText({ max: LIMITS.incidentSummaryMax, multiline: true })),
  /**
   * The stack of an error the browser caught (the exception page's 'Report Issue'): minified frames
   * of the deployed build, resolved for administrators through its source maps (issue 20 §4). Kept
   * apart from `stackTrace`, which only ever holds the server's own stack of the report id.
   */
  browserStackTrace: z.optional(z.string().check(z.maxLength(LIMITS.incidentStackTraceMax))),
});
export type CreateIncidentBody = z.infer<typeof CreateIncidentBodySchema>;

export const CreateIncidentResultSchema = z.object({ incidentId: z.string() });

/** One worklog line: who, when, what changed and the comment given with it. */
export const IncidentWorklogEntrySchema = z.object({
  at: z.string(),
  by: z.string(),
  text: z.string(),
  comment: z.optional(z.string()),
});
export type IncidentWorklogEntry = z.infer<typeof IncidentWorklogEntrySchema>;

/** Incident (002 §3). `stackTrace` is only ever answered to administrators. */
export const IncidentSchema = z.object({
  incidentId: z.string(),
  reportId: z.optional(z.string()),
  description: z.string(),
  issueSummary: z.optional(z.string()),
  userNotes: z.optional(z.string()),
  stackTrace: z.optional(z.string()),
  /** What the browser reported (not trusted: shown to administrators as reported, and resolved). */
  browserStackTrace: z.optional(z.string()),
  incidentTime: z.string(),
  status: IncidentStatusSchema,
  createdOn: z.string(),
  createdBy: z.string(),
  modifiedOn: z.optional(z.string()),
  modifiedBy: z.optional(z.string()),
  comments: z.optional(z.string()),
  /** What administrators did to the incident, oldest first (002 §4: 'Status changes from Open to Closed'). */
  worklog: z.optional(z.array(IncidentWorklogEntrySchema)),
});
export type Incident = z.infer<typeof IncidentSchema>;

export const IncidentListSchema = z.object({ items: z.array(IncidentSchema), total: z.optional(z.int()) });
export type IncidentList = z.infer<typeof IncidentListSchema>;

/** The worklog text of a status change (002 §4). */
export const statusChangeText = (from: IncidentStatus, to: IncidentStatus) =>
  `Status changes from ${STATUS_WORDS[from]} to ${STATUS_WORDS[to]}`;
const STATUS_WORDS: Record<IncidentStatus, string> = { OPEN: 'Open', CLOSED: 'Closed' };

/**
 * PATCH /v2/admin/incidents/{id} (002 §7 'Incident update'): the new status and the closing comment,
 * which is required (002 §5 'Incident update: comment required').
 */
export const UpdateIncidentBodySchema = z.object({
  status: IncidentStatusSchema,
  comments: z
    .string({ error: (issue) => (issue.input === undefined ? MESSAGES.fieldRequired : undefined) })
    .check(
      z.trim(),
      z.minLength(1, MESSAGES.fieldRequired),
      z.maxLength(LIMITS.incidentCommentMax),
      z.superRefine(textCharacters({ multiline: true })),
    ),
});
export type UpdateIncidentBody = z.infer<typeof UpdateIncidentBodySchema>;

export const IncidentIdParamsSchema = z.object({ id: z.string().check(z.regex(/^[0-9A-Z]{26}$/)) });

/**
 * An incident as the admin detail answers it: the stack trace resolved through the web build's source
 * maps when it came from the browser (`resolvedStackTrace`, absent when nothing could be resolved).
 */
export const IncidentDetailSchema = z.object({
  ...IncidentSchema.shape,
  createdByName: z.optional(z.string()),
  createdByEmail: z.optional(z.string()),
  resolvedStackTrace: z.optional(z.string()),
});
export type IncidentDetail = z.infer<typeof IncidentDetailSchema>;

/** GET /v2/admin/incidents: the grid's search box. */
export const AdminIncidentListQuerySchema = z.object({
  search: z.optional(z.string().check(z.maxLength(200))),
});
export type AdminIncidentListQuery = z.infer<typeof AdminIncidentListQuerySchema>;

/** A row of the admin grid: the incident with its creator's name and e-mail (Email User). */
export const AdminIncidentSchema = z.object({
  ...IncidentSchema.shape,
  createdByName: z.optional(z.string()),
  createdByEmail: z.optional(z.string()),
});
export type AdminIncident = z.infer<typeof AdminIncidentSchema>;

export const AdminIncidentListSchema = z.object({ items: z.array(AdminIncidentSchema), total: z.int() });
export type AdminIncidentList = z.infer<typeof AdminIncidentListSchema>;
