import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  type ModelMetadata,
  ModelRolesSchema,
  ModelStatusSchema,
  TheoremFlagsSchema,
} from '@shared/schemas/model';
import * as z from 'zod/mini';
import { ddb } from './dynamodb-client';
import { INDEXES, queryAll, tableName, withoutKeys } from './table';
import type { LabeledTxItem } from './transactions';

/**
 * Model entries (docs/data-model.md, "Catalogue"). MODEL#<uuid> / META holds metadata, status, roles
 * and the optimistic `rev`; GSI2 TREE#<rootId> / <uuid> lists a lineage. The exists-by-metadata key
 * item MODELMETA#<fingerprint> / MODEL#<uuid> lets "is there an entry with this metadata" be a key
 * Query. Every write of an entry is one TransactWrite built from the item builders below (and those
 * of model-names, memberships, model-files and catalogue-changes) and run by `runTransaction`
 * (transactions.ts).
 */
export const modelKey = (uuid: string) => ({ pk: `MODEL#${uuid}`, sk: 'META' });
export const metadataKeyItemKey = (fingerprint: string, uuid: string) => ({
  pk: `MODELMETA#${fingerprint}`,
  sk: `MODEL#${uuid}`,
});

export const ModelRecordSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  nameKey: z.string(),
  /** Fingerprint of the identifying metadata (core/models/metadata-fingerprint.ts). */
  metaKey: z.string(),
  status: ModelStatusSchema,
  /**
   * Read as written: it passed ModelMetadataSchema when it was stored, and a later, stricter input
   * rule (shared/schemas/input.ts) must not make older entries unreadable.
   */
  metadata: z.custom<ModelMetadata>((v) => typeof v === 'object' && v !== null && !Array.isArray(v)),
  roles: ModelRolesSchema,
  createdBy: z.string(),
  /** Kept so that every write can project the entry without reading the creator's user record. */
  creatorName: z.string(),
  createdOn: z.string(),
  modifiedOn: z.string(),
  modifiedBy: z.optional(z.string()),
  publishedOn: z.optional(z.string()),
  retiredOn: z.optional(z.string()),
  retireReason: z.optional(z.string()),
  fileCount: z.int().check(z.nonnegative()),
  /**
   * The file types (tags) of the entry's current files, each once, sorted (model-files.ts
   * fileTypesOf): kept by every write of file items in the same transaction, so that the catalogue
   * change of the entry carries them (the File Types' usage counts, issue 20 §5). Absent on entries
   * whose files were last written before it was kept.
   */
  fileTypes: z.optional(z.array(z.string())),
  theorem: z.boolean(),
  pneu: z.boolean(),
  /** Unused: THEOREM flags are per user (`theoremAccess`); kept so older items stay readable. */
  theoremFlags: z.optional(TheoremFlagsSchema),
  /**
   * THEOREM flags of each user on an Oncology entry, by ISID (set by super users: PUT
   * /v2/models/{uuid}/theorem-access/{userId}). Absent = no user has flags.
   */
  theoremAccess: z.optional(z.record(z.string(), TheoremFlagsSchema)),
  rev: z.int(),
});
export type ModelRecord = z.infer<typeof ModelRecordSchema>;

export function toModelItem(model: ModelRecord) {
  return {
    ...modelKey(model.uuid),
    entity: 'Model',
    ...(model.metadata.tree_root_id
      ? { gsi2pk: `TREE#${model.metadata.tree_root_id}`, gsi2sk: model.uuid }
      : {}),
    ...model,
  };
}

export function fromModelItem(item: Record<string, unknown>): ModelRecord {
  const { ttl: _ttl, ...rest } = withoutKeys(item);
  return ModelRecordSchema.parse(rest);
}

export async function getModel(uuid: string): Promise<ModelRecord | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: modelKey(uuid), ConsistentRead: true }),
  );
  return Item ? fromModelItem(Item) : undefined;
}

/** The entries of one lineage (GSI2 TREE#<rootId>). */
export async function listLineage(rootId: string): Promise<ModelRecord[]> {
  const items = await queryAll({
    IndexName: INDEXES.gsi2,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': `TREE#${rootId}` },
  });
  return items.map(fromModelItem);
}

/** Is there an entry (other than `exceptUuid`) whose identifying metadata has this fingerprint? */
export async function findModelByFingerprint(
  fingerprint: string,
  exceptUuid?: string,
): Promise<string | undefined> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `MODELMETA#${fingerprint}` },
      // Two keys are enough to skip the entry itself.
      Limit: 2,
    }),
  );
  const uuids = (out.Items ?? []).map((i) => String(i.modelUuid));
  return uuids.find((u) => u !== exceptUuid);
}

// ---------- transaction items ----------

export const STALE_MESSAGE = 'This model entry was changed by someone else. Reload it and try again.';

/** Put of the model item: a new entry (no such key yet) or a replacement of revision `expectedRev`. */
export function modelPut(model: ModelRecord, expectedRev: number | 'new'): LabeledTxItem {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: toModelItem(model),
        ...(expectedRev === 'new'
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : {
              ConditionExpression: 'attribute_exists(pk) AND #rev = :rev',
              ExpressionAttributeNames: { '#rev': 'rev' },
              ExpressionAttributeValues: { ':rev': expectedRev },
            }),
      },
    },
    conflict: expectedRev === 'new' ? 'This model entry exists already.' : STALE_MESSAGE,
  };
}

export function modelDelete(uuid: string, expectedRev: number): LabeledTxItem {
  return {
    item: {
      Delete: {
        TableName: tableName(),
        Key: modelKey(uuid),
        ConditionExpression: 'attribute_exists(pk) AND #rev = :rev',
        ExpressionAttributeNames: { '#rev': 'rev' },
        ExpressionAttributeValues: { ':rev': expectedRev },
      },
    },
    conflict: STALE_MESSAGE,
  };
}

export function metadataKeyPut(fingerprint: string, uuid: string): LabeledTxItem {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: { ...metadataKeyItemKey(fingerprint, uuid), entity: 'ModelMetadataKey', modelUuid: uuid },
      },
    },
  };
}

export function metadataKeyDelete(fingerprint: string, uuid: string): LabeledTxItem {
  return { item: { Delete: { TableName: tableName(), Key: metadataKeyItemKey(fingerprint, uuid) } } };
}
