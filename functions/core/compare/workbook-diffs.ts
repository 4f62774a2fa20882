import type { Readable } from 'node:stream';
import { AREAS, INVOKED_JOBS_AREA } from '@shared/api/routes';
import { findJson, getJson, listChildren, putJson } from '../../data/diff-objects';
import {
  workbookDiffErrorKey,
  workbookDiffMacroKey,
  workbookDiffOverviewKey,
  workbookDiffPendingKey,
  workbookDiffPrefix,
  workbookDiffSheetPageKey,
} from '../../data/storage-keys';
import { UnprocessableError } from '../../lib/errors';
import { startJob } from '../../lib/job-invoker';
import { logger } from '../../lib/observability';
import type { HashedBody } from './body-hash';
import type { WorkbookDiffer, WorkbookSource } from './workbook-differ';

/**
 * Workbook diffs, computed once per pair of bodies and kept in the files bucket under both SHA-256
 * hashes (storage-keys.ts, workbookDiffPrefix): `pending.json` while the `jobs` function computes it,
 * then the sheet pages and macro diffs, and last `overview.json` (its presence means the rest is
 * there); or `error.json` when it cannot be computed.
 *
 * The polling contract (docs/versions.md, "Compare"): a look at a pair not computed yet starts the
 * computation (an asynchronous invocation of the `jobs` function, `compute-workbook-diff`) and answers
 * PENDING with `retryAfterSeconds` (202 and `Retry-After`); the client asks again after that many
 * seconds until it gets the overview (200) or the reason it cannot be had (422).
 */

/** How long a client waits before asking again: a typical workbook diff takes a few seconds. */
export const DIFF_RETRY_AFTER_SECONDS = 3;
/** A computation still pending this long after it started has died with its function (timeout, crash). */
const STALLED_AFTER_MS = (AREAS[INVOKED_JOBS_AREA].timeoutSeconds + 60) * 1000;
/** Computations that stalled this often end as an error: the pair is too large for the function. */
const MAX_ATTEMPTS = 2;
/** A fault (not the workbook's) is kept this long, so that polling clients stop, then tried again. */
const FAULT_KEPT_MS = 10 * 60 * 1000;

export const DIFF_STALLED =
  'These workbooks could not be compared in the time the server allows. They may be too large to compare.';
export const DIFF_FAULT =
  'The workbooks could not be compared because of an error on our server. Please try again later.';

export interface WorkbookPair {
  readonly before: HashedBody & { readonly name: string };
  readonly after: HashedBody & { readonly name: string };
}

interface PendingDoc {
  startedAt: string;
  attempts: number;
}
interface ErrorDoc {
  message: string;
  /** A fault of ours, not of the workbook: kept for FAULT_KEPT_MS only. */
  fault?: boolean;
  at: string;
}

export type WorkbookDiffState =
  | { readonly status: 'READY'; readonly overview: Record<string, unknown> }
  | { readonly status: 'FAILED'; readonly message: string }
  | { readonly status: 'PENDING'; readonly retryAfterSeconds: number };

const keys = (pair: WorkbookPair) => [pair.before.sha256, pair.after.sha256] as const;

/**
 * The stored state of a pair's diff, without starting anything:
 * - the overview: READY; a refusal of the workbook: FAILED for good;
 * - a fault later than the last start: FAILED while fresh (clients stop polling), then ABSENT;
 * - a start: PENDING while its function may still run, then ABSENT with its attempt count.
 */
export async function readWorkbookDiff(
  pair: WorkbookPair,
  now = Date.now(),
): Promise<WorkbookDiffState | { status: 'ABSENT'; attempts: number }> {
  const [a, b] = keys(pair);
  const present = await listChildren(workbookDiffPrefix(a, b));
  if (present.has('overview.json')) {
    const overview = await getJson(workbookDiffOverviewKey(a, b));
    if (overview && typeof overview === 'object')
      return { status: 'READY', overview: overview as Record<string, unknown> };
  }
  const error = present.has('error.json')
    ? ((await getJson(workbookDiffErrorKey(a, b))) as ErrorDoc | undefined)
    : undefined;
  if (error && !error.fault) return { status: 'FAILED', message: error.message };
  const pending = present.has('pending.json')
    ? ((await getJson(workbookDiffPendingKey(a, b))) as PendingDoc | undefined)
    : undefined;
  if (error && (!pending || Date.parse(error.at) >= Date.parse(pending.startedAt))) {
    if (now - Date.parse(error.at) <= FAULT_KEPT_MS) return { status: 'FAILED', message: error.message };
    return { status: 'ABSENT', attempts: 0 };
  }
  if (pending) {
    if (now - Date.parse(pending.startedAt) <= STALLED_AFTER_MS)
      return { status: 'PENDING', retryAfterSeconds: DIFF_RETRY_AFTER_SECONDS };
    return { status: 'ABSENT', attempts: pending.attempts };
  }
  return { status: 'ABSENT', attempts: 0 };
}

/**
 * The pair's diff: stored (READY or FAILED), being computed (PENDING), or started now (PENDING).
 * 1. Read what is stored (one listing, then the document that decides).
 * 2. Not there, or stalled: mark it pending (with the attempt count), then invoke the job. A stalled
 *    pair that already had MAX_ATTEMPTS ends FAILED instead (stored, so it is not tried forever).
 * Two callers that start the same pair at once compute it twice; both write the same documents.
 */
export async function workbookDiff(pair: WorkbookPair, now = Date.now()): Promise<WorkbookDiffState> {
  const state = await readWorkbookDiff(pair, now);
  if (state.status !== 'ABSENT') return state;
  const [a, b] = keys(pair);
  if (state.attempts >= MAX_ATTEMPTS) {
    const error: ErrorDoc = { message: DIFF_STALLED, at: new Date(now).toISOString() };
    await putJson(workbookDiffErrorKey(a, b), error);
    return { status: 'FAILED', message: DIFF_STALLED };
  }
  const pending: PendingDoc = { startedAt: new Date(now).toISOString(), attempts: state.attempts + 1 };
  await putJson(workbookDiffPendingKey(a, b), pending);
  try {
    await startJob({ job: 'compute-workbook-diff', before: pair.before, after: pair.after });
  } catch (error) {
    // Lambda refused the invocation: say so now rather than let clients poll a pair nobody computes.
    const fault: ErrorDoc = { message: DIFF_FAULT, fault: true, at: new Date(now).toISOString() };
    await putJson(workbookDiffErrorKey(a, b), fault);
    throw error;
  }
  return { status: 'PENDING', retryAfterSeconds: DIFF_RETRY_AFTER_SECONDS };
}

/**
 * A stored diff that lost a document its overview names (the lifecycle rule of the files bucket
 * expires `diffs/` object by object, 30 days after writing; docs/versions.md "Workbook diffs"): it
 * is computed again, as on a first look, and the reader answers 202 meanwhile. A restart younger
 * than the jobs function's timeout is not repeated.
 */
export async function restartWorkbookDiff(pair: WorkbookPair, now = Date.now()): Promise<WorkbookDiffState> {
  const [a, b] = keys(pair);
  const pending = (await listChildren(workbookDiffPrefix(a, b))).has('pending.json')
    ? ((await getJson(workbookDiffPendingKey(a, b))) as PendingDoc | undefined)
    : undefined;
  const pendingState = { status: 'PENDING', retryAfterSeconds: DIFF_RETRY_AFTER_SECONDS } as const;
  if (pending && now - Date.parse(pending.startedAt) <= STALLED_AFTER_MS) return pendingState;
  await putJson(workbookDiffPendingKey(a, b), { startedAt: new Date(now).toISOString(), attempts: 1 });
  await startJob({ job: 'compute-workbook-diff', before: pair.before, after: pair.after, recompute: true });
  return pendingState;
}

/** One stored page of a sheet (by its position in the overview), or undefined when there is none. */
export async function readSheetPage(pair: WorkbookPair, sheet: number, page: number): Promise<unknown> {
  const [a, b] = keys(pair);
  return findJson(workbookDiffSheetPageKey(a, b, sheet, page));
}

/** One stored module diff (by its position in the overview's macros). */
export async function readMacroDiff(pair: WorkbookPair, module: number): Promise<unknown> {
  const [a, b] = keys(pair);
  return findJson(workbookDiffMacroKey(a, b, module));
}

/**
 * The job (functions/jobs/compute-workbook-diff.ts): computes the pair's diff and stores it.
 * 1. Already computed (a second delivery, or a concurrent start): nothing to do, unless asked to
 *    `recompute` (a stored diff that lost a document: restartWorkbookDiff).
 * 2. Run the engine; write every sheet page and module diff, then the overview (with the macros).
 * 3. A workbook the engine refuses (UnprocessableError): its message is stored for good (REFUSED).
 *    Any other error is stored as a fault for a while (see FAULT_KEPT_MS) and logged (FAILED).
 */
export async function computeWorkbookDiff(
  pair: WorkbookPair,
  differ: WorkbookDiffer,
  open: (key: string) => Promise<Readable>,
  options: { deadline: number; now?: () => number; recompute?: boolean },
): Promise<'READY' | 'REFUSED' | 'FAILED'> {
  const now = options.now ?? Date.now;
  const [a, b] = keys(pair);
  if (!options.recompute) {
    const present = await listChildren(workbookDiffPrefix(a, b));
    if (present.has('overview.json')) return 'READY';
  }

  const source = (side: WorkbookPair['before']): WorkbookSource => ({
    name: side.name,
    size: side.size,
    open: () => open(side.key),
  });
  try {
    const result = await differ.diff(source(pair.before), source(pair.after), { deadline: options.deadline });
    for (const [sheet, pages] of result.sheetPages.entries()) {
      let page = 0;
      for await (const content of pages()) {
        await putJson(workbookDiffSheetPageKey(a, b, sheet, page), content);
        page += 1;
      }
    }
    for (const [module, macro] of result.macros.entries())
      await putJson(workbookDiffMacroKey(a, b, module), await macro.diff());
    await putJson(workbookDiffOverviewKey(a, b), {
      ...result.overview,
      macros: result.macros.map((m) => m.summary),
    });
    return 'READY';
  } catch (error) {
    const at = new Date(now()).toISOString();
    if (error instanceof UnprocessableError) {
      await putJson(workbookDiffErrorKey(a, b), { message: error.message, at } satisfies ErrorDoc);
      return 'REFUSED';
    }
    logger.error('The workbook diff failed', { error, before: a, after: b });
    await putJson(workbookDiffErrorKey(a, b), { message: DIFF_FAULT, fault: true, at } satisfies ErrorDoc);
    return 'FAILED';
  }
}
