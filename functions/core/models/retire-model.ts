import type { User } from '@shared/schemas/user';
import {
  listModelFiles,
  type ModelFileRecord,
  modelFileReplace,
  toModelFileItem,
  updateStamp,
} from '../../data/model-files';
import { type ModelRecord, modelPut } from '../../data/models';
import { batchWriteAll } from '../../data/table';
import { MAX_TRANSACTION_ITEMS, runTransaction } from '../../data/transactions';
import { loadModelFor } from './model-access';
import { catalogueChange, checkRev, nextRevision } from './model-writes';

/**
 * Retires a published entry with a reason (cannot be undone); retiring retires all files.
 * 1. Authorize 'retire' (managers; only published entries: 409 otherwise); check `rev` when sent.
 * 2. One TransactWrite: the model (RETIRED, reason, conditional on rev), the file nodes marked
 *    retired and the catalogue change. Files beyond one transaction's capacity are marked right
 *    after it (idempotent; the entry's status already makes them read-only).
 */
export async function retireModel(
  caller: User,
  uuid: string,
  input: { reason: string; rev?: number },
  now = new Date(),
): Promise<ModelRecord> {
  const model = await loadModelFor('retire', uuid, caller);
  checkRev(model, input.rev);
  const iso = now.toISOString();
  const files = (await listModelFiles(uuid)).map(
    (f): ModelFileRecord => ({ ...f, retired: true, ...updateStamp(caller, iso) }),
  );
  const next: ModelRecord = {
    ...nextRevision(model, caller.id, now),
    status: 'RETIRED',
    retiredOn: iso,
    retireReason: input.reason,
  };
  const room = MAX_TRANSACTION_ITEMS - 2;
  await runTransaction([
    modelPut(next, model.rev),
    ...files.slice(0, room).map(modelFileReplace),
    catalogueChange(next),
  ]);
  const rest = files.slice(room);
  if (rest.length > 0) await batchWriteAll(rest.map((f) => ({ PutRequest: { Item: toModelFileItem(f) } })));
  return next;
}
