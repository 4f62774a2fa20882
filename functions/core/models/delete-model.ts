import type { User } from '@shared/schemas/user';
import { deleteObjects, listObjectKeys } from '../../data/file-objects';
import { deleteAllInstancesOf } from '../../data/instances-outdate';
import {
  downloadsPrefix,
  itemDelete,
  listModelPartitionKeys,
  modelObjectsPrefix,
} from '../../data/model-files';
import { modelNameDelete } from '../../data/model-names';
import { metadataKeyDelete, modelDelete, modelKey } from '../../data/models';
import { deleteKeys, subModelPartitionKeys } from '../../data/sub-models';
import { batchWriteAll } from '../../data/table';
import { type LabeledTxItem, MAX_TRANSACTION_ITEMS, runTransaction } from '../../data/transactions';
import { logger } from '../../lib/observability';
import { membershipChanges, membershipsOf } from './entry-rules';
import { loadModelFor } from './model-access';
import { catalogueChange, checkRev } from './model-writes';

/**
 * Deletes a draft permanently.
 * 1. Authorize 'deleteDraft' (managers; only drafts: 409 otherwise); check `rev` when sent.
 * 2. One TransactWrite: the model (conditional on rev), its name and metadata key items, the
 *    memberships, the other items of its partition (files, expertise) and a catalogue change with
 *    `deleted: true`. Partition items beyond one transaction are deleted right after it (they are
 *    unreachable once the model item is gone).
 * 3. After the transaction, in batches: the entry's sub-models, input definitions and groups
 *    (SUBMODELS#<uuid>) and its instances (INSTANCES#<uuid> and each INSTANCE#<id>). They live outside
 *    MODEL#<uuid> and can outnumber one transaction; with the model item gone nothing reaches them.
 *    A failure there is logged (dataFault) and leaves the deletion standing.
 * 4. The S3 objects under models/<uuid>/ and downloads/<uuid>/ (best effort).
 */
export async function deleteModel(caller: User, uuid: string, rev?: number): Promise<void> {
  const model = await loadModelFor('deleteDraft', uuid, caller);
  checkRev(model, rev);
  const meta = modelKey(uuid);
  const partition = (await listModelPartitionKeys(uuid)).filter((k) => k.sk !== meta.sk);
  const head: LabeledTxItem[] = [
    modelDelete(uuid, model.rev),
    modelNameDelete(model.nameKey, uuid),
    metadataKeyDelete(model.metaKey, uuid),
    ...membershipChanges(membershipsOf(model.roles, model.createdBy, uuid), new Map()),
    catalogueChange(model, true),
  ];
  const room = Math.max(0, MAX_TRANSACTION_ITEMS - head.length);
  await runTransaction([...head, ...partition.slice(0, room).map(itemDelete)]);
  const rest = partition.slice(room);
  if (rest.length > 0) await batchWriteAll(rest.map((Key) => ({ DeleteRequest: { Key } })));
  try {
    await deleteKeys(await subModelPartitionKeys(uuid));
    await deleteAllInstancesOf(uuid);
  } catch (error) {
    logger.error('Could not remove the sub-models and instances of a deleted draft', {
      uuid,
      dataFault: 'orphaned-sub-models',
      error,
    });
  }
  try {
    const keys = [
      ...(await listObjectKeys(modelObjectsPrefix(uuid))),
      ...(await listObjectKeys(downloadsPrefix(uuid))),
    ];
    await deleteObjects(keys);
  } catch (error) {
    logger.warn('Could not remove the files of a deleted draft', { uuid, error });
  }
}
