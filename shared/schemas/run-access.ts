import * as z from 'zod/mini';

/**
 * What the model runner asks the run-access function (functions/workflow/run-access.ts) for, and what
 * it answers: presigned URLs for this run's inputs, or for its outputs once the model has finished
 * (docs/running-models.md, "What the runner holds"). The runner has no other way to storage.
 */

/** Output paths one request may name; the runner asks in batches of this many. */
export const MAX_OUTPUT_PATHS_PER_REQUEST = 500;

const base = {
  runId: z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[A-Za-z0-9_-]+$/)),
  token: z.string().check(z.minLength(1), z.maxLength(200)),
};

export const RunAccessRequestSchema = z.discriminatedUnion('request', [
  z.object({ ...base, request: z.literal('inputs') }),
  z.object({
    ...base,
    request: z.literal('outputs'),
    paths: z.array(z.string()).check(z.maxLength(MAX_OUTPUT_PATHS_PER_REQUEST)),
  }),
]);
export type RunAccessRequest = z.infer<typeof RunAccessRequestSchema>;

/** The job document's URL, and a GET URL for every object the job names, by key. */
export interface RunInputUrls {
  expiresAt: string;
  job: string;
  objects: Record<string, string>;
}

/** PUT URLs: each asked-for output by its path, and the run's documents. */
export interface RunOutputUrls {
  expiresAt: string;
  outputs: Record<string, string>;
  archive: string;
  result: string;
  outcome: string;
  runnerError: string;
}
