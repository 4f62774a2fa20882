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
});
export type CreateIncidentBody = z.infer<typeof CreateIncidentBodySchema>;

export const CreateIncidentResultSchema = z.object({ incidentId: z.string() });

/** Incident (002 §3). `stackTrace` is only ever answered to administrators. */
export const IncidentSchema = z.object({
  incidentId: z.string(),
  reportId: z.optional(z.string()),
  description: z.string(),
  issueSummary: z.optional(z.string()),
  userNotes: z.optional(z.string()),
  stackTrace: z.optional(z.string()),
  incidentTime: z.string(),
  status: IncidentStatusSchema,
  createdOn: z.string(),
  createdBy: z.string(),
  modifiedOn: z.optional(z.string()),
  modifiedBy: z.optional(z.string()),
  comments: z.optional(z.string()),
});
export type Incident = z.infer<typeof IncidentSchema>;

export const IncidentListSchema = z.object({ items: z.array(IncidentSchema) });
export type IncidentList = z.infer<typeof IncidentListSchema>;
