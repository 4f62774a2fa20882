import type {
  DiffPending,
  FileDiff,
  TextDiff,
  WorkbookDiffReady,
  WorkbookOverview,
} from '@shared/schemas/compare';
import type { User } from '@shared/schemas/user';
import { headBody, readBody } from '../../data/diff-objects';
import { getModelFile, type ModelFileRecord } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from '../../lib/errors';
import { logger } from '../../lib/observability';
import { entryFilesDecision, fileDownloadDecision } from '../models/file-read-rules';
import { loadVisibleModel } from '../models/model-access';
import { hashBody } from './body-hash';
import { pairKind } from './file-kinds';
import { requireTextSize, textDiff } from './text-diff';
import {
  readMacroDiff,
  readSheetPage,
  restartWorkbookDiff,
  type WorkbookDiffState,
  type WorkbookPair,
  workbookDiff,
} from './workbook-diffs';

export const FILE_NOT_FOUND = 'File not found.';
export const NOT_DIFFABLE =
  'Only text files (R, Python, M, CSV, JSON, Markdown, text...) and Excel workbooks (.xlsx, .xlsm, .xls) can be compared, and only with a file of the same kind.';
export const NOT_A_WORKBOOK_PAIR = 'Sheets and macros exist only in the comparison of two Excel workbooks.';
export const SHEET_NOT_FOUND = 'This sheet is not part of the comparison.';
export const PAGE_NOT_FOUND = 'This page of the sheet does not exist.';
export const MODULE_NOT_FOUND = 'This VBA module is not part of the comparison.';
/** A body the data names but S3 does not hold: a data fault, answered as a conflict and logged. */
export const BODY_MISSING = (name: string) => `The content of ${name} is missing. Please contact support.`;

export interface DiffSides {
  readonly uuid: string;
  readonly fileUuid: string;
  readonly otherUuid: string;
  readonly otherFileUuid: string;
}

interface ReadableSide {
  readonly model: ModelRecord;
  readonly file: ModelFileRecord;
}

/**
 * Both files of a pair, each checked as its download would be (download-files.ts): the entry visible
 * (404), its files open to the caller (403), the file there (404) and readable under the file rule and
 * THEOREM flags (403 with the reason). A diff shows the content, so it asks what a download asks.
 */
async function loadSides(caller: User, sides: DiffSides): Promise<[ReadableSide, ReadableSide]> {
  const load = async (uuid: string, fileUuid: string): Promise<ReadableSide> => {
    const model = await loadVisibleModel(uuid, caller);
    const entry = entryFilesDecision(caller, model);
    if (!entry.allowed) throw new ForbiddenError(entry.message);
    const file = await getModelFile(uuid, fileUuid);
    if (!file || file.folder) throw new NotFoundError(FILE_NOT_FOUND);
    const decision = fileDownloadDecision(caller, model, file);
    if (!decision.allowed) throw new ForbiddenError(decision.message);
    return { model, file };
  };
  return Promise.all([load(sides.uuid, sides.fileUuid), load(sides.otherUuid, sides.otherFileUuid)]);
}

async function hashed(side: ReadableSide): Promise<WorkbookPair['before']> {
  const body = await hashBody(side.file.s3Key);
  if (!body) {
    logger.error('A file body is missing', { modelUuid: side.model.uuid, fileUuid: side.file.uuid });
    throw new ConflictError(BODY_MISSING(side.file.name));
  }
  return { ...body, name: side.file.name };
}

async function workbookPair(caller: User, sides: DiffSides): Promise<WorkbookPair> {
  const [before, after] = await loadSides(caller, sides);
  if (pairKind(before.file.name, after.file.name) !== 'spreadsheet')
    throw new UnprocessableError(NOT_A_WORKBOOK_PAIR);
  const [a, b] = await Promise.all([hashed(before), hashed(after)]);
  return { before: a, after: b };
}

/**
 * GET …/files/{fileUuid}/diff/{otherUuid}/{otherFileUuid}: the diff of one pair.
 * 1. Both files as their downloads would be checked (loadSides).
 * 2. By kind (file-kinds.ts): text → the line diff, computed now within its limits (text-diff.ts);
 *    spreadsheet → the stored workbook diff, started if need be (workbook-diffs.ts): READY (200),
 *    PENDING (202 with Retry-After) or the stored refusal (422); anything else → 422.
 */
export async function getFileDiff(caller: User, sides: DiffSides): Promise<FileDiff> {
  const [before, after] = await loadSides(caller, sides);
  const kind = pairKind(before.file.name, after.file.name);
  if (kind === 'text') return diffText(before, after);
  if (kind !== 'spreadsheet') throw new UnprocessableError(NOT_DIFFABLE);
  const [a, b] = await Promise.all([hashed(before), hashed(after)]);
  const state = await workbookDiff({ before: a, after: b });
  if (state.status === 'FAILED') throw new UnprocessableError(state.message);
  if (state.status === 'PENDING')
    return {
      kind: 'spreadsheet',
      status: 'PENDING',
      retryAfterSeconds: state.retryAfterSeconds,
    } satisfies DiffPending;
  // Stored by computeWorkbookDiff from the engine's overview: served as it was written.
  const overview = state.overview as WorkbookOverview;
  return { kind: 'spreadsheet', status: 'READY', overview } satisfies WorkbookDiffReady;
}

async function diffText(before: ReadableSide, after: ReadableSide): Promise<TextDiff> {
  if (before.file.s3Key === after.file.s3Key) return { kind: 'text', hunks: [] };
  const sizes = await Promise.all(
    [before, after].map(async ({ model, file }) => {
      const head = await headBody(file.s3Key);
      if (!head) {
        logger.error('A file body is missing', { modelUuid: model.uuid, fileUuid: file.uuid });
        throw new ConflictError(BODY_MISSING(file.name));
      }
      requireTextSize(file.name, head.size);
      return head;
    }),
  );
  if (sizes[0]?.etag === sizes[1]?.etag && sizes[0]?.size === sizes[1]?.size)
    return { kind: 'text', hunks: [] };
  const [a, b] = await Promise.all([readBody(before.file.s3Key), readBody(after.file.s3Key)]);
  return textDiff({ name: before.file.name, bytes: a }, { name: after.file.name, bytes: b });
}

/**
 * The stored overview of a pair, for the sheet and macro routes: PENDING and FAILED answer as the
 * diff route does (202, 422), so that a client that asks for a page first learns the same.
 */
async function readyOverview(
  caller: User,
  sides: DiffSides,
): Promise<{ pair: WorkbookPair; overview: Record<string, unknown> } | DiffPending> {
  const pair = await workbookPair(caller, sides);
  const state = await workbookDiff(pair);
  if (state.status === 'FAILED') throw new UnprocessableError(state.message);
  if (state.status === 'PENDING')
    return { kind: 'spreadsheet', status: 'PENDING', retryAfterSeconds: state.retryAfterSeconds };
  return { pair, overview: state.overview };
}

function pendingOf(state: WorkbookDiffState): DiffPending {
  if (state.status !== 'PENDING') throw new Error(`A restarted workbook diff is ${state.status}`);
  return { kind: 'spreadsheet', status: 'PENDING', retryAfterSeconds: state.retryAfterSeconds };
}

const listOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => !!v && typeof v === 'object') : [];

/** …/sheets/{sheet}?page=N: one page of a sheet (by the id the overview gives it, or its name). */
export async function getSheetDiff(
  caller: User,
  sides: DiffSides & { readonly sheet: string; readonly page: number },
): Promise<object | DiffPending> {
  const ready = await readyOverview(caller, sides);
  if ('status' in ready) return ready;
  const sheets = listOf(ready.overview.sheets);
  let index = sheets.findIndex((s) => s.id === sides.sheet);
  if (index < 0) index = sheets.findIndex((s) => s.name === sides.sheet);
  if (index < 0) throw new NotFoundError(SHEET_NOT_FOUND);
  const page = await readSheetPage(ready.pair, index, sides.page);
  if (!page || typeof page !== 'object') {
    // A page the overview promises but storage lost (expired): computed again, 202 meanwhile.
    const maxPageIndex = Number(sheets[index]?.maxPageIndex ?? -1);
    if (sides.page <= maxPageIndex) return pendingOf(await restartWorkbookDiff(ready.pair));
    throw new NotFoundError(PAGE_NOT_FOUND);
  }
  return page;
}

/** …/macros/{module}: one VBA module's text diff. */
export async function getMacroDiff(
  caller: User,
  sides: DiffSides & { readonly module: string },
): Promise<object | DiffPending> {
  const ready = await readyOverview(caller, sides);
  if ('status' in ready) return ready;
  const index = listOf(ready.overview.macros).findIndex((m) => m.name === sides.module);
  if (index < 0) throw new NotFoundError(MODULE_NOT_FOUND);
  const diff = await readMacroDiff(ready.pair, index);
  // A module the overview names but storage lost (expired): computed again, 202 meanwhile.
  if (!diff || typeof diff !== 'object') return pendingOf(await restartWorkbookDiff(ready.pair));
  return diff;
}
