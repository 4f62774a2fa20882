import type { ModelDetail } from '@shared/schemas/model-api';
import type { User } from '@shared/schemas/user';
import { loadVisibleModel } from './model-access';
import { toModelDetail } from './model-detail';

/**
 * Detail of an entry.
 * 1. Read the entry; 404 when it does not exist or the caller may neither view nor preview it.
 * 2. Answer the full detail, or the general information only for preview-only callers
 *    (model-detail.ts), with the caller's permission outcomes.
 */
export async function getModelDetail(caller: User, uuid: string): Promise<ModelDetail> {
  const model = await loadVisibleModel(uuid, caller);
  return toModelDetail(model, caller);
}
