import type { CatalogueEntry } from '@shared/schemas/catalogue';
import type { ModelMetadata, ModelRoles, ModelStatus } from '@shared/schemas/model';
import { monotonicFactory } from 'ulid';
import { tableName } from './table';

/**
 * The WRITE side of the catalogue search projection (docs/data-model.md, "Catalogue search"): every
 * write of a model entry adds one CatalogueChange item `CATALOG` / `CHANGE#<ulid>` holding the entry's new
 * `CatalogueEntry` (with its `rev`), inside the entry's own TransactWrite. The ULID is where a reader
 * finds the change (its cursor); the entry's `rev`, not the ULID, decides which state of an entry wins.
 */
/** Monotonic within a process, so two changes of one entry in the same millisecond keep their order. */
const nextUlid = monotonicFactory();

export const CATALOG_PK = 'CATALOG';
export const CATALOG_CHANGE_PREFIX = 'CHANGE#';

export const catalogueChangeKey = (changeId: string) => ({
  pk: CATALOG_PK,
  sk: `${CATALOG_CHANGE_PREFIX}${changeId}`,
});

/** What the projection needs of a model entry (the stored model record satisfies it). */
export interface CatalogueSource {
  uuid: string;
  name: string;
  status: ModelStatus;
  metadata: ModelMetadata;
  roles: ModelRoles;
  createdBy: string;
  createdOn: string;
  rev: number;
  /** Files of the entry (folders not counted); with `fileTypes`, what the File Types' counts need. */
  fileCount?: number;
  /** The file types over the entry's files (models.ts); absent on items written before it was kept. */
  fileTypes?: readonly string[];
}

/**
 * The file types an entry's change carries: those the model item keeps; none for an entry without
 * files; unknown (absent) for an older item with files, which makes File Types uncounted
 * (option-usage.ts) rather than counted too low.
 */
function projectedFileTypes(model: CatalogueSource): string[] | undefined {
  if (model.fileTypes) return [...model.fileTypes];
  return model.fileCount === 0 ? [] : undefined;
}

/**
 * The compact projection of an entry; `deleted` marks a removed draft. The projection keeps, per entry,
 * the state with the highest `rev`; a removal is written as the revision after the last one, so that
 * no earlier change of the entry can outrank it.
 */
export function toCatalogueEntry(
  model: CatalogueSource,
  creatorName: string,
  deleted = false,
): CatalogueEntry {
  const m = model.metadata;
  const r = model.roles;
  const managers = new Set<string>(r.owners);
  if (r.vestLead) managers.add(r.vestLead);
  const viewers = new Set(r.viewers);
  // The columns are relations for visibility (functions/core/catalogue/visibility.ts). A retired entry is
  // visible to its owners only (000 §2), so there a steward who is not an owner relates as a viewer
  // does: not shown. Retiring writes a new projection, so the change reaches the catalogue at once.
  if (r.steward && !managers.has(r.steward)) (model.status === 'RETIRED' ? viewers : managers).add(r.steward);
  const others = new Set<string>([...r.displayViewers, ...r.calibrationModelers, ...r.scenarioModelers]);
  const fileTypes = projectedFileTypes(model);
  return {
    uuid: model.uuid,
    name: model.name,
    status: model.status,
    ...(m.model_type ? { modelType: m.model_type } : {}),
    ...(m.therapeutic_area ? { therapeuticArea: m.therapeutic_area } : {}),
    ...(m.disease ? { disease: m.disease } : {}),
    ...(m.study_number ? { studyNumber: m.study_number } : {}),
    product: [...(m.product ?? [])],
    country: [...(m.country ?? [])],
    ...(m.global ? { global: m.global } : {}),
    ...(m.type ? { kind: m.type } : {}),
    ...(m.platform ? { platform: m.platform } : {}),
    ...(m.information_classification ? { classification: m.information_classification } : {}),
    ...(m.version_release_of_model ? { version: m.version_release_of_model } : {}),
    ...(m.stage_of_model_development ? { stage: m.stage_of_model_development } : {}),
    ...(m.mathematica_environment ? { mathematica: m.mathematica_environment } : {}),
    ...(m.python_environment ? { python: m.python_environment } : {}),
    ...(fileTypes ? { fileTypes } : {}),
    creatorId: model.createdBy,
    creatorName,
    createdOn: model.createdOn,
    ...(m.tree_root_id ? { treeRootId: m.tree_root_id } : {}),
    ...(m.tree_parent_id ? { treeParentId: m.tree_parent_id } : {}),
    managers: [...managers],
    viewers: [...viewers],
    others: [...others],
    ...(deleted ? { deleted: true } : {}),
    rev: deleted ? model.rev + 1 : model.rev,
  };
}

/** The TransactWrite Put of one change. A fresh ULID per call: changes never collide. */
export function catalogueChangePut(entry: CatalogueEntry, now = Date.now()) {
  const changeId = nextUlid(now);
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...catalogueChangeKey(changeId),
        entity: 'CatalogChange',
        changeId,
        modelUuid: entry.uuid,
        entry,
        changedOn: new Date(now).toISOString(),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}
