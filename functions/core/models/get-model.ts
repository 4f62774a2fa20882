import type { ModelDetail } from '@shared/schemas/model-api';
import type { User } from '@shared/schemas/user';
import { getModel, type ModelRecord } from '../../data/models';
import { recordUsage } from '../usage/record-usage';
import { loadVisibleModel } from './model-access';
import { toModelDetail } from './model-detail';

/**
 * Detail of an entry.
 * 1. Read the entry (or take the read the handler started alongside the caller lookup); 404 when it does not exist or the caller may neither view nor preview it.
 * 2. Answer the full detail, or the general information only for preview-only callers
 *    (model-detail.ts), with the caller's permission outcomes.
 */
export async function getModelDetail(
  caller: User,
  uuid: string,
  read?: { model: ModelRecord | undefined },
): Promise<ModelDetail> {
  const model = await loadVisibleModel(uuid, caller, read);
  // An opened entry counts for the admin usage page (issue 20 §8); never fails the read.
  await recordUsage(uuid, 'views');
  return toModelDetail(model, caller);
}

/** The read of an entry that does not depend on the caller, for a handler's `prefetch`. */
export async function readModel(uuid: string): Promise<{ model: ModelRecord | undefined }> {
  return { model: await getModel(uuid) };
}
