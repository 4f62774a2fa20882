import { nameKey } from '@shared/rules/model-name';
import type { CreateModelBody } from '@shared/schemas/model-api';
import type { User } from '@shared/schemas/user';
import { createUpload } from '../../../functions/core/files/create-upload';
import { setFileAccess } from '../../../functions/core/files/file-access';
import { setTheoremAccess } from '../../../functions/core/files/theorem-access';
import { updateFiles } from '../../../functions/core/files/update-files';
import { createModel } from '../../../functions/core/models/create-model';
import { activeUsers, notificationRecipientIds } from '../../../functions/core/models/model-people';
import { publishModel } from '../../../functions/core/models/publish-model';
import { retireModel } from '../../../functions/core/models/retire-model';
import { notifyUsers } from '../../../functions/core/notifications/notify-users';
import { putObject } from '../../../functions/data/file-objects';
import { listModelFiles } from '../../../functions/data/model-files';
import { getModelNameOwner } from '../../../functions/data/model-names';
import type { ModelRecord } from '../../../functions/data/models';
import { uploadObjectKey } from '../../../functions/data/uploads';
import { getUser } from '../../../functions/data/users';
import { DEMO_ENTRIES, type DemoEntry, type DemoPersona, demoEntryName, SPOTLIGHT_KEYS } from './catalogue';
import { EXTERNAL_USERS_STEP } from './external-users';
import { type DemoFile, demoFiles, revisedWorkbookFile } from './files';
import { INCIDENTS_STEP } from './incidents';
import { MODEL_RUNS_STEP, modelDirFiles } from './model-runs';
import { SOURCE_CONTROL_STEP } from './source-control';
import { SUB_MODELS_STEP } from './sub-models';
import { USAGE_STEP } from './usage';
import { VERSIONS_STEP } from './versions';

/**
 * Seeds the demo catalogue (catalogue.ts) through the product's own use cases, so every item is
 * what the app itself writes: upload tickets and bodies, the entry's transaction (model, name,
 * metadata key, memberships, file nodes, catalogue change), file manager saves with their audit
 * records and file versions, file sharing, THEOREM flags, publish, retire and notifications. Only the
 * browser's PUT to the presigned URL is replaced by writing the upload's body directly.
 *
 * Idempotent: an entry is identified by its generated name; entries that exist are left as they are
 * (whatever users did to them since) and only missing ones are created, with all their steps. So a
 * second start adds nothing, and a demo draft someone deleted comes back at the next start.
 *
 * Later issues extend the demo with more steps (sub-models, instances, runs): a step receives the
 * personas and the uuid of every demo entry by key, and must be idempotent on its own.
 */

export interface DemoContext {
  users: ReadonlyMap<DemoPersona, User>;
  /** Every demo entry's uuid by key (existing and created). */
  uuids: Map<string, string>;
  log: (line: string) => void;
}

export interface DemoStep {
  name: string;
  /** Returns how many things it added (0 when everything was there). */
  run: (ctx: DemoContext) => Promise<number>;
}

export interface DemoSeedResult {
  /** Things each step added, by step name ('entries': entries created). */
  added: Record<string, number>;
  uuids: Record<string, string>;
  ms: number;
}

const PERSONAS_USED: readonly DemoPersona[] = [
  'admin',
  'lead',
  'steward',
  'owner',
  'viewer',
  'modeler',
  'vendor',
  'hta',
];

/** At most this many entries are written at once: DynamoDB Local and s3rver share the machine. */
const CONCURRENCY = 6;

export const ENTRIES_STEP: DemoStep = { name: 'entries', run: seedEntries };

export const DEMO_STEPS: DemoStep[] = [
  ENTRIES_STEP,
  VERSIONS_STEP,
  SUB_MODELS_STEP,
  MODEL_RUNS_STEP,
  INCIDENTS_STEP,
  USAGE_STEP,
  EXTERNAL_USERS_STEP,
  SOURCE_CONTROL_STEP,
];

export async function seedDemoCatalogue(
  options: { log?: (line: string) => void; steps?: readonly DemoStep[] } = {},
): Promise<DemoSeedResult> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const users = new Map<DemoPersona, User>();
  await Promise.all(
    PERSONAS_USED.map(async (key) => {
      const user = await getUser(key);
      if (!user) throw new Error(`Persona '${key}' has no user record: seed the personas first.`);
      users.set(key, user);
    }),
  );
  const ctx: DemoContext = { users, uuids: new Map(), log };
  const added: Record<string, number> = {};
  for (const step of options.steps ?? DEMO_STEPS) added[step.name] = await step.run(ctx);
  return { added, uuids: Object.fromEntries(ctx.uuids), ms: Date.now() - started };
}

/**
 * 1. Look every entry up by its name; keep the uuids of those that exist.
 * 2. Create the missing ones, a few at a time, each after its lineage parent.
 * 3. Create the spotlight entries last and one by one, so the list (newest first) opens on them.
 */
async function seedEntries(ctx: DemoContext): Promise<number> {
  const owners = await Promise.all(DEMO_ENTRIES.map((e) => getModelNameOwner(nameKey(demoEntryName(e)))));
  DEMO_ENTRIES.forEach((entry, i) => {
    const uuid = owners[i];
    if (uuid) ctx.uuids.set(entry.key, uuid);
  });
  const missing = DEMO_ENTRIES.filter((e) => !ctx.uuids.has(e.key));
  if (missing.length === 0) return 0;
  ctx.log(`demo catalogue: creating ${missing.length} of ${DEMO_ENTRIES.length} entries with their files...`);

  const pending = new Map<string, Promise<string>>();
  const limit = limiter(CONCURRENCY);
  const parentOf = async (entry: DemoEntry) => {
    if (!entry.parent) return undefined;
    const known = ctx.uuids.get(entry.parent) ?? (await pending.get(entry.parent));
    if (!known)
      throw new Error(`Demo entry '${entry.key}' names parent '${entry.parent}', which comes later`);
    return known;
  };
  const create = async (entry: DemoEntry) => {
    const uuid = await createDemoEntry(entry, ctx, await parentOf(entry));
    ctx.uuids.set(entry.key, uuid);
    return uuid;
  };
  for (const entry of missing.filter((e) => !SPOTLIGHT_KEYS.includes(e.key))) {
    pending.set(
      entry.key,
      parentOf(entry).then(() => limit(() => create(entry))),
    );
  }
  const settled = await Promise.allSettled(pending.values());
  const failures = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failures.length > 0) {
    throw new AggregateError(
      failures.map((f) => f.reason),
      `${failures.length} demo entries could not be created: ${String(failures[0]?.reason)}`,
    );
  }
  for (const key of SPOTLIGHT_KEYS) {
    const entry = missing.find((e) => e.key === key);
    if (entry) await create(entry);
  }
  return missing.length;
}

/**
 * One entry, as its people would have made it:
 * 1. The creator uploads the files and creates the entry (a draft, in the lineage of its parent).
 * 2. File manager save: the workbook's second upload (a version) and the file attributes
 *    (confidential, private, as-of dates). On THEOREM entries a super user makes it: the entry is
 *    read-only for people without THEOREM model access.
 * 3. A super user sets THEOREM flags; the file owner shares files.
 * 4. Publish, then retire, as the entry's status says; then the notification of its users.
 */
async function createDemoEntry(entry: DemoEntry, ctx: DemoContext, parentUuid?: string): Promise<string> {
  const user = (key: DemoPersona) => ctx.users.get(key) as User;
  const creator = user(entry.creator);
  const files = entry.modelDir ? await modelDirFiles(entry) : await demoFiles(entry);
  const upload = await uploadFiles(creator, files);
  const body: CreateModelBody = {
    uploadId: upload.uploadId,
    files: upload.refs,
    metadata: { ...entry.metadata, ...(parentUuid ? { tree_parent_id: parentUuid } : {}) },
    roles: entry.roles,
    lineage: parentUuid ? 'parent' : 'new',
    publish: false,
  };
  let model: ModelRecord = await createModel(creator, body);
  const uuid = model.uuid;

  const editor = entry.metadata.platform === 'Oncology' ? user('admin') : creator;
  const withAttributes = files.filter((f) => f.attributes && Object.keys(f.attributes).length > 0);
  if (withAttributes.length > 0 || entry.revisedWorkbook) {
    const nodes = await listModelFiles(uuid);
    const uuidOf = (f: DemoFile) => nodes.find((n) => n.path === f.path && n.name === f.name)?.uuid ?? '';
    const revision = entry.revisedWorkbook
      ? await uploadFiles(editor, [await revisedWorkbookFile(entry)], uuid)
      : undefined;
    await updateFiles(editor, uuid, {
      ...(revision ? { uploadId: revision.uploadId } : {}),
      folders: [],
      add: revision?.refs ?? [],
      remove: [],
      update: withAttributes.map((f) => ({ uuid: uuidOf(f), ...f.attributes })),
      clone: [],
    });
    for (const f of files.filter((x) => x.shareWith)) {
      for (const grantee of f.shareWith ?? []) {
        await setFileAccess(creator, uuid, uuidOf(f), { userId: grantee, status: 'ACTIVE' });
      }
    }
  }
  for (const [persona, flags] of Object.entries(entry.theoremAccess ?? {})) {
    if (flags) await setTheoremAccess(user('admin'), uuid, persona, flags);
  }
  if (entry.status !== 'DRAFT') model = await publishModel(creator, uuid, undefined);
  if (entry.status === 'RETIRED') {
    model = await retireModel(creator, uuid, { reason: entry.retireReason ?? 'Retired.' });
  }
  if (entry.notify) {
    const by = user(entry.notify.by);
    const recipients = await activeUsers(notificationRecipientIds(model.roles));
    await notifyUsers({
      recipients: recipients.map((u) => u.id),
      createdBy: { id: by.id, firstName: by.firstName, lastName: by.lastName },
      action: entry.notify.action,
      userNote: entry.notify.note,
      modelUuid: uuid,
      modelName: model.name,
    });
  }
  return uuid;
}

/** An upload ticket (as the browser gets it), then each body written where its presigned PUT goes. */
async function uploadFiles(caller: User, files: readonly DemoFile[], modelUuid?: string) {
  const ticket = await createUpload(caller, {
    ...(modelUuid ? { modelUuid } : {}),
    files: files.map((f) => ({ name: f.name, size: f.body.length, contentType: f.contentType })),
  });
  await Promise.all(
    ticket.files.map((t, i) =>
      putObject(uploadObjectKey(ticket.uploadId, t.uploadFileId), files[i]?.body ?? Buffer.alloc(0), {
        contentType: files[i]?.contentType ?? 'application/octet-stream',
      }),
    ),
  );
  return {
    uploadId: ticket.uploadId,
    refs: files.map((f, i) => ({
      uploadFileId: ticket.files[i]?.uploadFileId ?? '',
      name: f.name,
      path: f.path,
      fileTag: f.fileTag,
      mainFile: f.mainFile,
    })),
  };
}

/** Runs at most `n` tasks at a time. */
function limiter(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const queue: (() => void)[] = [];
  return async (task) => {
    // A finished task hands its slot to the next waiting one, so `active` never exceeds `n`.
    if (active < n) active++;
    else await new Promise<void>((r) => queue.push(r));
    try {
      return await task();
    } finally {
      const next = queue.shift();
      if (next) next();
      else active--;
    }
  };
}
