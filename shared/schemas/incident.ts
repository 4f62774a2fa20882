import * as z from 'zod';
import { LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { freeText, textCharacters } from './input';

export const IncidentStatusSchema = z.enum(['OPEN', 'CLOSED']);
export type IncidentStatus = z.infer<typeof IncidentStatusSchema>;

/** The report dialog (000 §5, §8): description required, at most 500 characters. */
export const CreateIncidentBodySchema = z.object({
  reportId: z.string().max(100).optional(),
  description: z
    // Only a missing description is 'required'; other problems keep their own words (input.ts).
    .string({ error: (issue) => (issue.input === undefined ? MESSAGES.fieldRequired : undefined) })
    .trim()
    .min(1, MESSAGES.fieldRequired)
    .max(LIMITS.reportDescriptionMax, MESSAGES.reportTooLong)
    .superRefine(textCharacters({ multiline: true })),
  userNotes: freeText({ max: LIMITS.incidentUserNotesMax, multiline: true }).optional(),
  issueSummary: freeText({ max: LIMITS.incidentSummaryMax, multiline: true }).optional(),
});
export type CreateIncidentBody = z.infer<typeof CreateIncidentBodySchema>;

export const CreateIncidentResultSchema = z.object({ incidentId: z.string() });

/** Incident (002 §3). `stackTrace` is only ever answered to administrators. */
export const IncidentSchema = z.object({
  incidentId: z.string(),
  reportId: z.string().optional(),
  description: z.string(),
  issueSummary: z.string().optional(),
  userNotes: z.string().optional(),
  stackTrace: z.string().optional(),
  incidentTime: z.string(),
  status: IncidentStatusSchema,
  createdOn: z.string(),
  createdBy: z.string(),
  modifiedOn: z.string().optional(),
  modifiedBy: z.string().optional(),
  comments: z.string().optional(),
});
export type Incident = z.infer<typeof IncidentSchema>;

export const IncidentListSchema = z.object({ items: z.array(IncidentSchema) });
export type IncidentList = z.infer<typeof IncidentListSchema>;
