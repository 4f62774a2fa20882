import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { assembleModelName, nameKey } from '@shared/rules/model-name';
import { normalizeRoles } from '@shared/rules/model-roles';
import type { CatalogueEntry } from '@shared/schemas/catalogue';
import type { ModelKind, ModelMetadata, ModelRoles, ModelStatus, Platform } from '@shared/schemas/model';
import { foldChanges, loadCatalogue, writeSnapshot } from '../../functions/core/catalogue/catalogue-state';
import { metadataFingerprint } from '../../functions/core/models/metadata-fingerprint';
import { seedMetadataOptions } from '../../functions/core/options/seed-metadata-options';
import {
  COUNTRIES,
  DISEASES,
  MODEL_TYPES,
  PRODUCTS,
  STAGES,
  STUDIES,
  THERAPEUTIC_AREAS,
} from '../../functions/core/options/seed-values';
import { catalogueChangePut, toCatalogueEntry } from '../../functions/data/catalogue-changes';
import { ddb } from '../../functions/data/dynamodb-client';
import { type MembershipRole, membershipPut } from '../../functions/data/memberships';
import { modelNamePut } from '../../functions/data/model-names';
import { type ModelRecord, metadataKeyPut, toModelItem } from '../../functions/data/models';
import { tableName } from '../../functions/data/table';
import { MAX_TRANSACTION_ITEMS } from '../../functions/data/transactions';
import { readEndpoints } from './endpoints';
import { applyHandlerEnv, handlerEnv } from './env';
import { PERSONAS } from './personas';

/**
 * `npm run seed:models -- --count 100000 [--seed 42] [--no-snapshot]`: realistic model entries in a
 * running local cloud (found through its endpoints.json). Every entry gets the items a create
 * transaction writes (model, name, metadata key, memberships, catalogue change), written with
 * BatchWrite in parallel chunks because one TransactWrite per entry would take an hour at 100,000;
 * then one catalogue snapshot so that the search functions start from it instead of replaying.
 * Metadata come from the seeded option lists (trial numbers with their assigned metadata), people
 * from the seeded personas. Names get a suffix with the run tag and a sequence number, so repeated
 * runs never collide.
 */

/** mulberry32: a small deterministic PRNG, so `--seed` reproduces a data set. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const personaName = (id: string) => {
  const p = PERSONAS.find((x) => x.username === id);
  return p ? `${p.firstName} ${p.lastName}` : id;
};
const INTERNAL = PERSONAS.filter((p) => p.userType !== 'EXTERNALUSER' && p.active).map((p) => p.username);
const EXTERNAL = PERSONAS.filter((p) => p.userType === 'EXTERNALUSER').map((p) => p.username);

/** What a test may pin down; everything else is drawn at random. */
export interface ModelOverrides {
  status?: ModelStatus;
  createdBy?: string;
  createdOn?: string;
  roles?: Partial<ModelRoles>;
  metadata?: Partial<ModelMetadata>;
}

export function generateModel(
  random: () => number,
  sequence: number,
  runTag: string,
  overrides: ModelOverrides = {},
): ModelRecord {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const chance = (p: number) => random() < p;
  const study = chance(0.35) ? pick(STUDIES) : undefined;
  const area = study?.metadata.therapeutic_area ?? pick(THERAPEUTIC_AREAS);
  const disease = study?.metadata.disease ?? pick(DISEASES);
  const products = study?.metadata.product ?? [
    ...new Set(Array.from({ length: chance(0.25) ? 2 : 1 }, () => pick(PRODUCTS))),
  ];
  const kind: ModelKind =
    study?.metadata.type ??
    (chance(0.4) ? 'Global' : chance(0.75) ? 'Country Adaptation' : 'Global + Country Adaptation');
  const countries =
    kind === 'Global'
      ? []
      : [...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(COUNTRIES)))];
  const platform: Platform =
    area === 'Oncology' && chance(0.3)
      ? 'Oncology'
      : disease === 'Pneumococcal disease' && chance(0.5)
        ? 'Pneumococcal Vaccines'
        : chance(0.25)
          ? 'WebModel 2.0'
          : 'Model Repository';
  const version = `${1 + Math.floor(random() * 4)}${chance(0.6) ? `.${Math.floor(random() * 10)}` : ''}`;
  const creator = overrides.createdBy ?? pick(['owner', 'lead', 'steward', 'modeler', 'employee', 'owner']);
  const lead = chance(0.7) ? 'lead' : pick(INTERNAL);
  const steward = chance(0.7) && lead !== 'steward' ? 'steward' : pick(INTERNAL.filter((u) => u !== lead));
  const roles = normalizeRoles({
    vestLead: lead,
    steward,
    owners: [creator, ...(chance(0.3) ? ['owner'] : [])],
    viewers: [...(chance(0.3) ? ['viewer'] : []), ...(chance(0.03) ? [pick(EXTERNAL)] : [])],
    displayViewers: chance(0.05) ? ['employee'] : [],
    calibrationModelers: platform === 'WebModel 2.0' && chance(0.5) ? ['modeler'] : [],
    scenarioModelers: platform === 'WebModel 2.0' && chance(0.3) ? ['modeler'] : [],
    ...overrides.roles,
  });
  const metadata: ModelMetadata = {
    therapeutic_area: area,
    disease,
    product: [...products],
    model_type: study?.metadata.model_type ?? pick(MODEL_TYPES),
    type: kind,
    global_adaptation: kind,
    global: kind === 'Global' ? 'true' : 'false',
    ...(countries.length > 0 ? { country: countries } : {}),
    ...(study ? { study_number: study.value } : {}),
    version_release_of_model: version,
    information_classification:
      study?.metadata.information_classification ??
      pick(['Public', 'Proprietary', 'Sensitive', 'Confidential'] as const),
    stage_of_model_development: pick(STAGES),
    platform,
    objective_of_model: `Estimate the cost-effectiveness and budget impact of ${products.join(' and ')} in ${disease.toLowerCase()}.`,
    isid_of_model_steward: steward,
    name_of_model_steward: personaName(steward),
    email_for_model_steward: PERSONAS.find((p) => p.username === steward)?.email ?? `${steward}@example.com`,
    suffix: `Seed ${runTag} #${sequence}`,
    ...overrides.metadata,
  };
  const uuid = randomUUID();
  metadata.tree_root_id ??= uuid;
  const name = assembleModelName(metadata);
  const createdOn =
    overrides.createdOn ??
    new Date(Date.now() - Math.floor(random() * 5 * 365 * 24 * 3600 * 1000)).toISOString();
  const status = overrides.status ?? (chance(0.7) ? 'PUBLISHED' : chance(0.73) ? 'DRAFT' : 'RETIRED');
  return {
    uuid,
    name,
    nameKey: nameKey(name),
    metaKey: metadataFingerprint(metadata),
    status,
    metadata,
    roles,
    createdBy: creator,
    creatorName: personaName(creator),
    createdOn,
    modifiedOn: createdOn,
    ...(status !== 'DRAFT' ? { publishedOn: createdOn } : {}),
    ...(status === 'RETIRED' ? { retiredOn: createdOn, retireReason: 'Superseded by a newer version' } : {}),
    fileCount: 0,
    theorem: platform === 'Oncology',
    pneu: platform === 'Pneumococcal Vaccines',
    rev: 1,
  };
}

type PutItem = Record<string, unknown>;
const putOf = (tx: { item: { Put?: { Item?: PutItem } } }): PutItem => tx.item.Put?.Item as PutItem;

/** The items a create transaction writes for one entry, plus the change id of its catalogue change. */
export function itemsOf(model: ModelRecord): { items: PutItem[]; changeId: string; entry: CatalogueEntry } {
  const entry = toCatalogueEntry(model, model.creatorName);
  const change = catalogueChangePut(entry).Put.Item;
  const members = new Map<string, MembershipRole[]>();
  const add = (user: string | undefined, role: MembershipRole) => {
    if (!user) return;
    members.set(user, [...(members.get(user) ?? []), role]);
  };
  add(model.createdBy, 'CREATOR');
  add(model.roles.vestLead, 'VESTLEAD');
  add(model.roles.steward, 'STEWARD');
  for (const owner of model.roles.owners) add(owner, 'OWNER');
  return {
    items: [
      toModelItem(model),
      putOf(modelNamePut(model.nameKey, model.name, model.uuid)),
      putOf(metadataKeyPut(model.metaKey, model.uuid)),
      ...[...members].map(([userId, roles]) =>
        putOf(membershipPut({ userId, modelUuid: model.uuid, roles })),
      ),
      change,
    ],
    changeId: change.changeId,
    entry,
  };
}

/**
 * Writes the entries' items, whole entries per request, `concurrency` requests in flight. DynamoDB
 * Local applies a TransactWrite of 100 items in one go, about three times faster per item than
 * BatchWrite (measured: 4 ms vs 12 ms per item); in AWS either is fine for a seed.
 */
export async function writeModels(
  models: readonly ModelRecord[],
  concurrency = 4,
): Promise<CatalogueChange[]> {
  const changes: CatalogueChange[] = [];
  const groups: PutItem[][] = [];
  let group: PutItem[] = [];
  for (const model of models) {
    const out = itemsOf(model);
    changes.push({ id: out.changeId, entry: out.entry });
    if (group.length + out.items.length > MAX_TRANSACTION_ITEMS) {
      groups.push(group);
      group = [];
    }
    group.push(...out.items);
  }
  if (group.length > 0) groups.push(group);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < groups.length) {
        const items = groups[next++] as PutItem[];
        await putAll(items);
      }
    }),
  );
  return changes;
}

async function putAll(items: PutItem[]): Promise<void> {
  const table = tableName();
  for (let attempt = 0; ; attempt++) {
    try {
      await ddb().send(
        new TransactWriteCommand({
          TransactItems: items.map((Item) => ({ Put: { TableName: table, Item } })),
        }),
      );
      return;
    } catch (error) {
      // Throttling or a transaction in progress on the same keys: back off and retry the group.
      if (attempt >= 6) throw error;
      await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
    }
  }
}

interface CatalogueChange {
  id: string;
  entry: CatalogueEntry;
}

export interface SeedOptions {
  count: number;
  seed?: number;
  snapshot?: boolean;
  log?: (line: string) => void;
  overrides?: (sequence: number) => ModelOverrides;
}

/**
 * 1. Seed the option lists (idempotent) and read the catalogue state before the run.
 * 2. Generate and write the entries in batches of 5,000 (bounded memory for the items).
 * 3. Write one snapshot: the previous state plus the new entries, up to the newest change id.
 * A change someone else writes during the run with an id below the newest is replayed by the search
 * functions' catch-up window only if it is recent; this is a developer tool for an idle cloud.
 */
export async function seedModels(options: SeedOptions): Promise<{ models: ModelRecord[]; ms: number }> {
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const random = prng(options.seed ?? Date.now());
  const runTag = Math.floor(random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0')
    .toUpperCase();
  await seedMetadataOptions();
  const catalogue = options.snapshot === false ? undefined : await loadCatalogue();
  const all: ModelRecord[] = [];
  const BATCH = 5000;
  for (let done = 0; done < options.count; done += BATCH) {
    const models = Array.from({ length: Math.min(BATCH, options.count - done) }, (_, i) =>
      generateModel(random, done + i + 1, runTag, options.overrides?.(done + i + 1)),
    );
    const changes = await writeModels(models);
    all.push(...models);
    if (catalogue) foldChanges(catalogue, changes);
    log(
      `${done + models.length} / ${options.count} entries (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  if (catalogue) {
    const { bytes, entries } = await writeSnapshot(catalogue);
    log(`snapshot: ${entries} entries, ${(bytes / 1e6).toFixed(1)} MB gzip`);
  }
  return { models: all, ms: Date.now() - started };
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  applyHandlerEnv(handlerEnv(readEndpoints()));
  const count = Number(option('count') ?? '1000');
  if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a positive integer');
  const seed = option('seed');
  seedModels({
    count,
    ...(seed ? { seed: Number(seed) } : {}),
    snapshot: !process.argv.includes('--no-snapshot'),
    log: console.log,
  })
    .then(({ ms }) => console.log(`seeded ${count} model entries in ${(ms / 1000).toFixed(1)} s`))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
