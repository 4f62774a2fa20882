import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS } from '../../scripts/local/env';
import { localCloud, waitFor } from '../support/local-cloud';
import {
  call,
  createEntry,
  type Json,
  metadataOf,
  queryPartition,
  rolesOf,
  upload,
} from './catalogue-helpers';
import { objectKeys, objectText } from './files-helpers';

/**
 * Versions and lineage over HTTP (issue 18, docs/versions.md): a new version as one operation whose
 * files continue their history, the spec's name and version rules, nothing left behind by a failure,
 * the hierarchy with restricted nodes, lineage roots, and subtree moves with cycles refused.
 */

const R_V1 = 'model <- function() 1\n';
const R_V2 = 'model <- function() 2\n';

interface Lineage {
  v1: Json;
  scriptUuid: string;
  notesUuid: string;
}

async function filesOf(persona: string, uuid: string): Promise<Map<string, Json>> {
  const res = await call(persona, 'GET', `/v2/models/${uuid}/files`);
  expect(res.status).toBe(200);
  return new Map(res.body.items.map((f: Json) => [f.name, f]));
}

/** A published v1 with model.R (replaced once: two bodies) and notes.md. */
async function publishedFirstVersion(suffix: string): Promise<Lineage> {
  const v1 = await createEntry({
    metadata: metadataOf({ suffix, version_release_of_model: '1' }),
    files: [
      { name: 'model.R', content: R_V1, mainFile: true },
      { name: 'notes.md', content: '# Notes\n' },
    ],
  });
  const up = await upload('lead', [{ name: 'model.R', content: R_V2 }], v1.uuid);
  const replaced = await call('lead', 'PATCH', `/v2/models/${v1.uuid}/files`, {
    uploadId: up.uploadId,
    add: up.refs,
  });
  expect(replaced.status).toBe(200);
  const published = await call('lead', 'POST', `/v2/models/${v1.uuid}/publish`, {});
  expect(published.status).toBe(200);
  const files = await filesOf('lead', v1.uuid);
  return { v1, scriptUuid: files.get('model.R').uuid, notesUuid: files.get('notes.md').uuid };
}

const newVersion = (l: Lineage, over: Record<string, unknown> = {}) => ({
  modelItemUuids: [l.scriptUuid],
  metadata: metadataOf({
    suffix: l.v1.metadata.suffix,
    version_release_of_model: '2',
    version_log: 'Discount rate 3.5%',
  }),
  roles: rolesOf(),
  ...over,
});

describe('POST /v2/models/{uuid}/versions', () => {
  let lineage: Lineage;
  let v2: string;

  beforeAll(async () => {
    lineage = await publishedFirstVersion(`versions ${Date.now().toString(36)}`);
    const res = await call('owner', 'POST', `/v2/models/${lineage.v1.uuid}/versions`, newVersion(lineage));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    v2 = res.body.uuid;
  });

  it('creates the version under its source with the chosen files copied in the bucket', async () => {
    const detail = await call('owner', 'GET', `/v2/models/${v2}`);
    expect(detail.body).toMatchObject({
      status: 'DRAFT',
      fileCount: 1,
      metadata: {
        tree_parent_id: lineage.v1.uuid,
        tree_root_id: lineage.v1.uuid,
        version_release_of_model: '2',
        version_log: 'Discount rate 3.5%',
      },
      roles: { vestLead: 'lead', steward: 'steward' },
    });
    const files = await filesOf('owner', v2);
    expect([...files.keys()]).toEqual(['model.R']);
    const keys = await objectKeys(`models/${v2}/files/`);
    expect(keys).toHaveLength(1);
    expect(await objectText(keys[0] as string)).toBe(R_V2);
  });

  it("continues the copied file's history chain (History mode, newest first)", async () => {
    const script = (await filesOf('owner', v2)).get('model.R');
    const res = await call('owner', 'GET', `/v2/models/${v2}/files/history?files=${script.uuid}`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: Json) => [i.versionNumber, i.action, i.modelVersion])).toEqual([
      [3, 'VERSIONED', '2'],
      [2, 'REPLACED', '1'],
      [1, 'UPLOADED', '1'],
    ]);
    expect(res.body.items[0]).toMatchObject({ file: 'model.R', isid: 'owner', userName: expect.any(String) });
    // The single-file route tells the same chain.
    const one = await call('owner', 'GET', `/v2/models/${v2}/files/${script.uuid}/history`);
    expect(one.body.items.map((i: Json) => [i.versionNumber, i.current])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ]);
    // Viewers compare versions but do not see the file history (See History).
    expect((await call('viewer', 'GET', `/v2/models/${lineage.v1.uuid}/files/history`)).status).toBe(403);
  });

  it("answers 409 with the spec's text for a taken name, and 422 for a version not above the parent", async () => {
    const again = await call('owner', 'POST', `/v2/models/${lineage.v1.uuid}/versions`, newVersion(lineage));
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'Change Suffix in order to make your Model Entry Name unique.' },
    });
    const low = await call(
      'owner',
      'POST',
      `/v2/models/${lineage.v1.uuid}/versions`,
      newVersion(lineage, {
        metadata: metadataOf({ suffix: 'lower', version_release_of_model: '1' }),
      }),
    );
    expect(low.status).toBe(422);
    expect(low.body.issues).toContainEqual({
      path: 'body.metadata.version_release_of_model',
      message: 'Enter a version number greater than the parent version number 1',
    });
    const format = await call(
      'owner',
      'POST',
      `/v2/models/${lineage.v1.uuid}/versions`,
      newVersion(lineage, { metadata: metadataOf({ suffix: 'format', version_release_of_model: '2.a' }) }),
    );
    expect(format.body.issues).toContainEqual({
      path: 'body.metadata.version_release_of_model',
      message: 'Version must match number format like "1" or "1.1"',
    });
  });

  it('refuses a viewer and an external user', async () => {
    for (const persona of ['viewer', 'vendor']) {
      const res = await call(persona, 'POST', `/v2/models/${lineage.v1.uuid}/versions`, newVersion(lineage));
      expect([403, 404]).toContain(res.status);
    }
  });

  it('leaves nothing when a copy fails mid-way (a body missing in the bucket)', async () => {
    const broken = await publishedFirstVersion(`broken ${Date.now().toString(36)}`);
    const notes = (await filesOf('lead', broken.v1.uuid)).get('notes.md');
    const cloud = localCloud();
    const s3 = new S3Client({
      endpoint: cloud.s3,
      region: cloud.region,
      forcePathStyle: true,
      credentials: { ...LOCAL_CREDENTIALS },
    });
    const keysBefore = await objectKeys('models/');
    // Remove the notes body: the server's CopyObject of it fails while the script's copy succeeds.
    let removed = 0;
    for (const key of keysBefore.filter((k) => k.startsWith(`models/${broken.v1.uuid}/`))) {
      if ((await objectText(key)) !== '# Notes\n') continue;
      await s3.send(new DeleteObjectCommand({ Bucket: cloud.filesBucket, Key: key }));
      removed++;
    }
    expect(removed).toBe(1);
    const body = newVersion(broken, { modelItemUuids: [broken.scriptUuid, notes.uuid] });
    const res = await call('owner', 'POST', `/v2/models/${broken.v1.uuid}/versions`, body);
    expect(res).toMatchObject({
      status: 409,
      body: {
        message:
          "The file 'notes.md' has no content in storage, so it cannot be carried into the new version. Please report this problem (it was logged).",
      },
    });
    // No entry took the name, no new object stayed in the bucket.
    const check = await call('owner', 'POST', '/v2/models/name-check', { metadata: body.metadata });
    expect(check.body.unique).toBe(true);
    const keysAfter = await objectKeys('models/');
    expect(keysAfter.filter((k) => !keysBefore.includes(k))).toEqual([]);
  });
});

describe('lineage: hierarchy, roots, PUT lineage', () => {
  let l: Lineage;
  let v2: string;
  let v3: string;
  let other: Json;

  beforeAll(async () => {
    l = await publishedFirstVersion(`lineage ${Date.now().toString(36)}`);
    const a = await call('owner', 'POST', `/v2/models/${l.v1.uuid}/versions`, newVersion(l));
    expect(a.status).toBe(201);
    v2 = a.body.uuid;
    const script = (await filesOf('owner', v2)).get('model.R');
    const b = await call(
      'owner',
      'POST',
      `/v2/models/${v2}/versions`,
      newVersion(l, {
        modelItemUuids: [script.uuid],
        metadata: metadataOf({ suffix: l.v1.metadata.suffix, version_release_of_model: '3' }),
      }),
    );
    expect(b.status).toBe(201);
    v3 = b.body.uuid;
    other = await createEntry({ metadata: metadataOf({ version_release_of_model: '1' }), publish: true });
  });

  it('answers the whole tree from the root; drafts of others are restricted nodes without names', async () => {
    const mine = await call('owner', 'GET', `/v2/models/${v3}/hierarchy`);
    expect(mine.status).toBe(200);
    expect(mine.body.rootId).toBe(l.v1.uuid);
    expect(mine.body.nodes.map((n: Json) => [n.uuid, n.parentId, n.restricted, n.version])).toEqual([
      [l.v1.uuid, null, false, '1'],
      [v2, l.v1.uuid, false, '2'],
      [v3, v2, false, '3'],
    ]);
    // An internal user without a role previews the published v1; the drafts are restricted to them.
    const employee = await call('employee', 'GET', `/v2/models/${l.v1.uuid}/hierarchy`);
    expect(employee.status).toBe(200);
    expect(employee.body.nodes.map((n: Json) => [n.uuid, n.restricted, n.name === undefined])).toEqual([
      [l.v1.uuid, false, false],
      [v2, true, true],
      [v3, true, true],
    ]);
    expect((await call('employee', 'GET', `/v2/models/${v2}/hierarchy`)).status).toBe(404);
  });

  it('lists lineage roots by product, disease and therapeutic area', async () => {
    // The catalogue projection follows the change log: wait until it has the new entries.
    await waitFor('the lineage roots', async () => {
      const res = await call(
        'owner',
        'GET',
        '/v2/models/lineage-roots?product=Tumivex&disease=Melanoma&therapeutic_area=Oncology',
      );
      const uuids = res.body.items.map((i: Json) => i.uuid);
      return uuids.includes(l.v1.uuid) && uuids.includes(other.uuid) && !uuids.includes(v2)
        ? true
        : undefined;
    });
    const none = await call('owner', 'GET', '/v2/models/lineage-roots?product=Nothing&disease=Melanoma');
    expect(none.body.items).toEqual([]);
  });

  it('refuses a cycle (409) and moves a whole subtree under a parent of another lineage', async () => {
    const detail = await call('owner', 'GET', `/v2/models/${l.v1.uuid}`);
    const cycle = await call('owner', 'PUT', `/v2/models/${l.v1.uuid}/lineage`, {
      parentId: v3,
      rev: detail.body.rev,
    });
    expect(cycle).toMatchObject({
      status: 409,
      body: { message: 'A model entry cannot be linked under itself or one of its descendants.' },
    });

    const v2Detail = await call('owner', 'GET', `/v2/models/${v2}`);
    const moved = await call('owner', 'PUT', `/v2/models/${v2}/lineage`, {
      parentId: other.uuid,
      rev: v2Detail.body.rev,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.metadata).toMatchObject({ tree_parent_id: other.uuid, tree_root_id: other.uuid });
    const v3Item = (await queryPartition(`MODEL#${v3}`)).find((i) => i.sk === 'META');
    expect(v3Item?.metadata).toMatchObject({ tree_root_id: other.uuid, tree_parent_id: v2 });
    const tree = await call('owner', 'GET', `/v2/models/${v3}/hierarchy`);
    expect(tree.body.nodes.map((n: Json) => n.uuid)).toEqual([other.uuid, v2, v3]);
    const old = await call('owner', 'GET', `/v2/models/${l.v1.uuid}/hierarchy`);
    expect(old.body.nodes.map((n: Json) => n.uuid)).toEqual([l.v1.uuid]);

    // A viewer may not edit the lineage.
    const viewer = await call('viewer', 'PUT', `/v2/models/${l.v1.uuid}/lineage`, { parentId: null, rev: 1 });
    expect(viewer.status).toBe(403);
  });
});

describe('lineage: a move larger than one transaction (journaled)', () => {
  it('moves an entry with 60 descendants whole: every item takes the new root and the journal is closed', async () => {
    const l = await publishedFirstVersion(`large move ${Date.now().toString(36)}`);
    const top = await call(
      'owner',
      'POST',
      `/v2/models/${l.v1.uuid}/versions`,
      newVersion(l, { modelItemUuids: [] }),
    );
    expect(top.status, JSON.stringify(top.body)).toBe(201);
    // 60 children of the moved entry (versions 3 to 62, no files), a few at a time.
    const children: string[] = [];
    for (let start = 3; start < 63; start += 6) {
      const created = await Promise.all(
        Array.from({ length: Math.min(6, 63 - start) }, (_, i) =>
          call(
            'owner',
            'POST',
            `/v2/models/${top.body.uuid}/versions`,
            newVersion(l, {
              modelItemUuids: [],
              metadata: metadataOf({
                suffix: l.v1.metadata.suffix,
                version_release_of_model: String(start + i),
              }),
            }),
          ),
        ),
      );
      for (const res of created) {
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        children.push(res.body.uuid);
      }
    }
    expect(children).toHaveLength(60);
    const target = await createEntry({
      metadata: metadataOf({ version_release_of_model: '1' }),
      publish: true,
    });

    const detail = await call('owner', 'GET', `/v2/models/${top.body.uuid}`);
    const moved = await call('owner', 'PUT', `/v2/models/${top.body.uuid}/lineage`, {
      parentId: target.uuid,
      rev: detail.body.rev,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    const roots = await Promise.all(
      children.map(
        async (uuid) => (await queryPartition(`MODEL#${uuid}`)).find((i) => i.sk === 'META')?.metadata,
      ),
    );
    expect(new Set(roots.map((m) => m?.tree_root_id))).toEqual(new Set([target.uuid]));
    expect(new Set(roots.map((m) => m?.tree_parent_id))).toEqual(new Set([top.body.uuid]));
    expect((await queryPartition('LINEAGEMOVES')).filter((i) => i.sk === l.v1.uuid)).toEqual([]);
    const tree = await call('owner', 'GET', `/v2/models/${children[59]}/hierarchy`);
    expect(tree.body.rootId).toBe(target.uuid);
    expect(tree.body.nodes).toHaveLength(62);
    const old = await call('owner', 'GET', `/v2/models/${l.v1.uuid}/hierarchy`);
    expect(old.body.nodes.map((n: Json) => n.uuid)).toEqual([l.v1.uuid]);
  });
});
