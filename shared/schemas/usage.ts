import * as z from 'zod/mini';

/**
 * Usage analytics for administrators (issue 20 §8, 001 §9): per model entry and calendar month, how
 * often it was opened, downloaded from and run, and the entries nobody opened in a year (candidates
 * for retirement). Counts only: no user id is kept with them.
 */
export const USAGE_KINDS = ['views', 'downloads', 'runs'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

/** A calendar month as `yyyy-MM` (UTC). */
export const UsageMonthSchema = z
  .string()
  .check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be yyyy-MM.'));
export type UsageMonth = z.infer<typeof UsageMonthSchema>;

/** Entries that nobody opened for this many months are listed as candidates for retirement. */
export const DORMANT_AFTER_MONTHS = 12;

export const UsageCountsSchema = z.object({ views: z.number(), downloads: z.number(), runs: z.number() });
export type UsageCounts = z.infer<typeof UsageCountsSchema>;

/** One stored counter row: an entry's counts in one month. */
export const EntryMonthUsageSchema = z.object({
  month: UsageMonthSchema,
  modelUuid: z.string(),
  views: z.number(),
  downloads: z.number(),
  runs: z.number(),
});
export type EntryMonthUsage = z.infer<typeof EntryMonthUsageSchema>;

/** The month an entry was last opened (yyyy-MM). */
export const EntryLastOpenedSchema = z.object({ modelUuid: z.string(), lastOpened: UsageMonthSchema });
export type EntryLastOpened = z.infer<typeof EntryLastOpenedSchema>;

export const UsageQuerySchema = z.object({ month: z.optional(UsageMonthSchema) });
export type UsageQuery = z.infer<typeof UsageQuerySchema>;

/** A row of the usage grid: the entry (its name, or the uuid of an entry since deleted) and its counts. */
export const UsageRowSchema = z.object({
  modelUuid: z.string(),
  name: z.string(),
  deleted: z.boolean(),
  views: z.number(),
  downloads: z.number(),
  runs: z.number(),
});
export type UsageRow = z.infer<typeof UsageRowSchema>;

/** GET /v2/admin/usage: one month's rows (most viewed first) and their totals. */
export const UsageReportSchema = z.object({
  month: UsageMonthSchema,
  items: z.array(UsageRowSchema),
  total: z.number(),
  totals: UsageCountsSchema,
});
export type UsageReport = z.infer<typeof UsageReportSchema>;

export const DormantEntrySchema = z.object({
  modelUuid: z.string(),
  name: z.string(),
  status: z.string(),
  createdOn: z.string(),
  /** yyyy-MM; absent when the entry was never opened since counting began. */
  lastOpened: z.optional(UsageMonthSchema),
});
export type DormantEntry = z.infer<typeof DormantEntrySchema>;

/** GET /v2/admin/usage/dormant: live entries older than a year that nobody opened in the last year. */
export const DormantEntryListSchema = z.object({
  since: UsageMonthSchema,
  items: z.array(DormantEntrySchema),
  total: z.number(),
});
export type DormantEntryList = z.infer<typeof DormantEntryListSchema>;

/** The UTC month of an instant. */
export const monthOf = (at: Date | number | string): UsageMonth => new Date(at).toISOString().slice(0, 7);

/** The month `months` before `month` (yyyy-MM arithmetic in UTC). */
export function monthsBefore(month: UsageMonth, months: number): UsageMonth {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return monthOf(Date.UTC(year, mon - 1 - months, 1));
}
