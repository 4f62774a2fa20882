import { MESSAGES } from '@shared/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitForArchive } from '../support/download-archive';
import {
  call,
  createEntry,
  type Json,
  type LocalFile,
  metadataOf,
  rolesOf,
  tokenOf,
  withModeler,
} from './catalogue-helpers';
import { accepted, auditOf, emailOf, filesByName, footprint, outbox } from './files-helpers';

/** File-level access against the local cloud: the file rule per persona, sharing, requests, THEOREM. */
const NOT_READABLE = { message: 'You do not have access to this file.', code: 'FORBIDDEN' };
const PRIVATE = { message: 'Private files are managed by their owner.', code: 'FORBIDDEN' };
const NOT_MANAGEABLE = {
  message: 'You do not have permission to manage access to this file.',
  code: 'FORBIDDEN',
};
const GHOST = '00000000-0000-4000-8000-000000000000';
const filePath = (uuid: string, fileUuid: string, rest = '') => `/v2/models/${uuid}/files/${fileUuid}${rest}`;

interface Fixture {
  uuid: string;
  name: string;
  files: Map<string, Json>;
}

/**
 * A WebModel 2.0 entry by the lead with viewers viewer, employee and vendor and the calibration
 * modeler 'modeler', holding `files`: global, or a Country Adaptation for Germany.
 */
function entryWith(files: LocalFile[], global = false) {
  return createEntry(
    withModeler({
      metadata: global
        ? metadataOf()
        : metadataOf({ global: 'false', country: ['Germany'], type: 'Country Adaptation' }),
      roles: rolesOf({ viewers: ['viewer', 'employee', 'vendor'] }),
      files,
    }),
  );
}

/**
 * An entry (entryWith) where employee is the user files are shared with and vendor the external
 * user, with four files owned by the lead:
 * open.xlsx (cdd No), cdd.xlsx (cdd Yes, shared with employee), private.xlsx (cdd Yes, private,
 * shared with employee) and viewer.xlsx (cdd Yes, ownership transferred to viewer).
 */
async function fixture(global: boolean): Promise<Fixture> {
  const entry = await entryWith(
    [
      { name: 'open.xlsx', content: 'open body', mainFile: true },
      { name: 'cdd.xlsx', content: 'cdd body' },
      { name: 'private.xlsx', content: 'private body' },
      { name: 'viewer.xlsx', content: 'viewer body' },
    ],
    global,
  );
  const files = await filesByName('lead', entry.uuid);
  const id = (name: string) => files.get(name).uuid as string;
  const save = await call('lead', 'PATCH', `/v2/models/${entry.uuid}/files`, {
    update: [
      { uuid: id('cdd.xlsx'), cdd: 'Yes' },
      { uuid: id('private.xlsx'), cdd: 'Yes', isPrivate: true },
      { uuid: id('viewer.xlsx'), cdd: 'Yes' },
    ],
  });
  expect(save.status).toBe(200);
  for (const name of ['cdd.xlsx', 'private.xlsx']) {
    const share = await call('lead', 'PUT', filePath(entry.uuid, id(name), '/access'), {
      userId: 'employee',
    });
    expect(share.status, JSON.stringify(share.body)).toBe(200);
  }
  const transfer = await call('lead', 'PUT', filePath(entry.uuid, id('viewer.xlsx'), '/owner'), {
    userId: 'viewer',
  });
  expect(transfer.status).toBe(200);
  return { uuid: entry.uuid, name: entry.name, files: await filesByName('lead', entry.uuid) };
}

const code = (a: { download: boolean; requestAccess: boolean; manage: boolean }) =>
  `${a.download ? 'D' : '-'}${a.requestAccess ? 'R' : '-'}${a.manage ? 'M' : '-'}`;
const FILES = ['open.xlsx', 'cdd.xlsx', 'private.xlsx', 'viewer.xlsx'];

describe.each([
  [
    'a non-global entry',
    false,
    {
      admin: ['D-M', 'D-M', 'D-M', 'D-M'],
      // Only the file owner and super users manage a file (file-owner-rules.test.ts).
      lead: ['D-M', 'D-M', 'D-M', '-R-'],
      // A private file offers no 'Request Access': it is managed by its owner (000 §6, issue 21 §21).
      steward: ['D--', '-R-', '---', '-R-'],
      owner: ['D--', '-R-', '---', '-R-'],
      viewer: ['D--', '-R-', '---', 'D-M'],
      employee: ['D--', 'D--', '---', '-R-'],
      vendor: ['D--', '---', '---', '---'],
    },
  ],
  [
    'a global entry',
    true,
    {
      admin: ['D-M', 'D-M', 'D-M', 'D-M'],
      lead: ['D-M', 'D-M', 'D-M', 'D--'],
      steward: ['D--', 'D--', 'D--', 'D--'],
      owner: ['D--', 'D--', 'D--', 'D--'],
      viewer: ['D--', 'D--', 'D--', 'D-M'],
      employee: ['D--', 'D--', 'D--', 'D--'],
      vendor: ['D--', 'D--', 'D--', 'D--'],
    },
  ],
] as const)('the file rule on %s (000 §6)', (_what, global, table) => {
  let entry: Fixture;
  beforeAll(async () => {
    entry = await fixture(global);
  });

  it.each(Object.entries(table))('%s: callerAccess and downloads follow %j', async (persona, expected) => {
    const seen = await filesByName(persona, entry.uuid);
    expect(FILES.map((name) => code(seen.get(name).callerAccess))).toEqual(expected);
    for (const [i, name] of FILES.entries()) {
      const res = await call(
        persona,
        'POST',
        filePath(entry.uuid, entry.files.get(name).uuid, '/download'),
        accepted,
      );
      if (expected[i]?.startsWith('D')) {
        expect(res.status, `${persona} ${name}`).toBe(200);
        expect(new URL(res.body.url).searchParams.get('X-Amz-Expires')).toBe('900');
        expect(await (await fetch(res.body.url)).text()).toBe(`${name.replace('.xlsx', '')} body`);
      } else {
        expect(res.status, `${persona} ${name}`).toBe(403);
        expect(res.body).toEqual(name === 'private.xlsx' ? PRIVATE : NOT_READABLE);
      }
    }
  });

  it('refuses the modeler (no file permission), the hta user (no role) and the inactive user', async () => {
    const open = entry.files.get('open.xlsx').uuid;
    expect((await call('modeler', 'GET', `/v2/models/${entry.uuid}/files`)).status).toBe(403);
    expect((await call('modeler', 'POST', filePath(entry.uuid, open, '/download'), accepted)).status).toBe(
      403,
    );
    expect((await call('hta', 'GET', `/v2/models/${entry.uuid}/files`)).status).toBe(404);
    expect((await call('hta', 'POST', filePath(entry.uuid, open, '/download'), accepted)).status).toBe(404);
    expect((await call('inactive', 'GET', `/v2/models/${entry.uuid}/files`)).status).toBe(403);
  });
});

describe('sharing, stopping and transferring a file', () => {
  let entry: Fixture;
  let cdd: string;
  beforeAll(async () => {
    const made = await entryWith([
      { name: 'open.xlsx', content: 'open', mainFile: true },
      { name: 'cdd.xlsx', content: 'cdd' },
    ]);
    const files = await filesByName('lead', made.uuid);
    cdd = files.get('cdd.xlsx').uuid;
    await call('lead', 'PATCH', `/v2/models/${made.uuid}/files`, { update: [{ uuid: cdd, cdd: 'Yes' }] });
    entry = { uuid: made.uuid, name: made.name, files };
  });

  it('lists the owner, the users shared with and the internal candidates', async () => {
    const res = await call('lead', 'GET', filePath(entry.uuid, cdd, '/access'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      fileUuid: cdd,
      fileName: 'cdd.xlsx',
      owner: { id: 'lead' },
      sharedWith: [],
    });
    const candidates = res.body.candidates.map((u: Json) => u.id);
    expect(candidates).toEqual(expect.arrayContaining(['steward', 'owner', 'viewer', 'modeler', 'employee']));
    for (const id of ['lead', 'admin', 'vendor', 'hta', 'inactive']) expect(candidates).not.toContain(id);
  });

  it('grants with an audit record and a mail, is idempotent, and stops sharing with an audit record', async () => {
    const granted = await call('lead', 'PUT', filePath(entry.uuid, cdd, '/access'), {
      userId: 'employee',
      status: 'ACTIVE',
    });
    expect(granted.status).toBe(200);
    expect(granted.body.sharedWith.map((u: Json) => u.id)).toEqual(['employee']);
    expect(granted.body.candidates.map((u: Json) => u.id)).not.toContain('employee');
    const grants = (await auditOf(entry.uuid)).filter((a) => a.action === 'FILE_ACCESS_GRANTED');
    expect(grants).toEqual([
      expect.objectContaining({ actor: 'lead', subject: 'employee', fileUuid: cdd, fileName: 'cdd.xlsx' }),
    ]);
    const mail = (await outbox()).find(
      (m) =>
        m.subject === MESSAGES.fileAccessGranted &&
        m.to.includes(emailOf('employee')) &&
        m.text.includes(entry.uuid),
    );
    expect(mail?.text).toContain(`/model/${entry.uuid}/detail?tab=folder`);
    expect(mail?.text).toContain('cdd.xlsx');
    expect((await call('employee', 'POST', filePath(entry.uuid, cdd, '/download'), accepted)).status).toBe(
      200,
    );

    const again = await call('lead', 'PUT', filePath(entry.uuid, cdd, '/access'), { userId: 'employee' });
    expect(again.status).toBe(200);
    expect((await auditOf(entry.uuid)).filter((a) => a.action === 'FILE_ACCESS_GRANTED')).toHaveLength(1);

    const stopped = await call('lead', 'PUT', filePath(entry.uuid, cdd, '/access'), {
      userId: 'employee',
      status: 'INACTIVE',
    });
    expect(stopped.status).toBe(200);
    expect(stopped.body.sharedWith).toEqual([]);
    expect((await auditOf(entry.uuid)).filter((a) => a.action === 'FILE_ACCESS_REMOVED')).toEqual([
      expect.objectContaining({ actor: 'lead', subject: 'employee', fileUuid: cdd, fileName: 'cdd.xlsx' }),
    ]);
    expect((await call('employee', 'POST', filePath(entry.uuid, cdd, '/download'), accepted)).status).toBe(
      403,
    );
  });

  it('shares only with active internal users, and writes nothing otherwise', async () => {
    const before = await footprint(entry.uuid);
    for (const userId of ['vendor', 'inactive', 'admin', 'nobody-here']) {
      const res = await call('lead', 'PUT', filePath(entry.uuid, cdd, '/access'), { userId });
      expect(res.status, userId).toBe(422);
      expect(res.body.message).toBe('Only active internal users can be given access to a file.');
    }
    const self = await call('lead', 'PUT', filePath(entry.uuid, cdd, '/access'), { userId: 'lead' });
    expect(self.status).toBe(422);
    expect(await footprint(entry.uuid)).toEqual(before);
  });

  it('answers a caller who may not manage the file with one 403 that reveals nothing', async () => {
    for (const [method, rest, body] of [
      ['GET', '/access', undefined],
      ['PUT', '/access', { userId: 'viewer' }],
      ['PUT', '/owner', { userId: 'viewer' }],
    ] as const) {
      const real = await call('viewer', method, filePath(entry.uuid, cdd, rest), body);
      const ghost = await call('viewer', method, filePath(entry.uuid, GHOST, rest), body);
      expect([real.status, real.body]).toEqual([403, NOT_MANAGEABLE]);
      expect([ghost.status, ghost.body]).toEqual([403, NOT_MANAGEABLE]);
    }
    expect((await call('lead', 'GET', filePath(entry.uuid, GHOST, '/access'))).status).toBe(404);
    expect((await call('hta', 'GET', filePath(entry.uuid, cdd, '/access'))).status).toBe(404);
    expect((await call('modeler', 'GET', filePath(entry.uuid, cdd, '/access'))).status).toBe(403);
    // History: readers only, the same fixed answer for a file that does not exist.
    const history = await call('viewer', 'GET', filePath(entry.uuid, cdd, '/history'));
    const ghostHistory = await call('viewer', 'GET', filePath(entry.uuid, GHOST, '/history'));
    expect([history.status, history.body]).toEqual([403, NOT_READABLE]);
    expect([ghostHistory.status, ghostHistory.body]).toEqual([403, NOT_READABLE]);
    const open = entry.files.get('open.xlsx').uuid;
    expect((await call('viewer', 'GET', filePath(entry.uuid, open, '/history'))).body.items).toHaveLength(1);
  });

  it('transfers the ownership with an audit record; the new owner manages the file', async () => {
    const res = await call('lead', 'PUT', filePath(entry.uuid, cdd, '/owner'), { userId: 'viewer' });
    expect(res.status).toBe(200);
    // The lead gave the file away: it is no longer theirs to manage.
    expect(res.body).toMatchObject({
      uuid: cdd,
      owner: { id: 'viewer' },
      callerAccess: { download: false, requestAccess: true, manage: false },
    });
    expect((await auditOf(entry.uuid)).filter((a) => a.action === 'FILE_OWNER_CHANGED')).toEqual([
      expect.objectContaining({ actor: 'lead', subject: 'viewer', fileUuid: cdd, detail: 'from lead' }),
    ]);
    const again = await call('viewer', 'PUT', filePath(entry.uuid, cdd, '/owner'), { userId: 'viewer' });
    expect([again.status, again.body.message]).toEqual([422, 'This user owns the file already.']);
    expect(
      (await call('viewer', 'PUT', filePath(entry.uuid, cdd, '/owner'), { userId: 'vendor' })).status,
    ).toBe(422);
    expect((await call('viewer', 'GET', filePath(entry.uuid, cdd, '/access'))).status).toBe(200);
    expect((await call('viewer', 'POST', filePath(entry.uuid, cdd, '/download'), accepted)).status).toBe(200);
    const back = await call('viewer', 'PUT', filePath(entry.uuid, cdd, '/owner'), { userId: 'lead' });
    expect(back.body.callerAccess).toMatchObject({ download: false, requestAccess: true, manage: false });
  });
});

describe('asking for access to a file', () => {
  it('mails the file owner (who alone may share it) a grant link; the link grants; a second request is refused', async () => {
    const made = await entryWith([
      { name: 'open.xlsx', content: 'open', mainFile: true },
      { name: 'Q1 data.xlsx', content: 'q1' },
    ]);
    const files = await filesByName('lead', made.uuid);
    const q1 = files.get('Q1 data.xlsx').uuid;
    await call('lead', 'PATCH', `/v2/models/${made.uuid}/files`, { update: [{ uuid: q1, cdd: 'Yes' }] });
    await call('lead', 'PUT', filePath(made.uuid, q1, '/owner'), { userId: 'modeler' });
    const reasons = ['To create materials for internal use (e.g., training resources)', 'Other'];

    const missing = await call('employee', 'POST', filePath(made.uuid, q1, '/access-requests'), {
      reasons: ['Other'],
    });
    expect(missing.status).toBe(400);
    const request = { reasons, details: 'For the spring course' };
    const sent = await call('employee', 'POST', filePath(made.uuid, q1, '/access-requests'), request);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toEqual({ recipients: 1, mailSent: true });
    const mail = (await outbox()).find(
      (m) => m.subject === `File access request: Q1 data.xlsx in ${made.name}`,
    );
    expect(mail?.to).toEqual([emailOf('modeler')]);
    const link = `/model/${made.uuid}/detail?file=${q1}&fileName=Q1%20data.xlsx&userId=employee`;
    expect(mail?.text).toContain(link);
    expect(mail?.text).toContain(`${reasons.join('\n')}\n\nDetails:\nFor the spring course`);
    expect((await auditOf(made.uuid)).filter((a) => a.action === 'FILE_ACCESS_REQUESTED')).toEqual([
      expect.objectContaining({ actor: 'employee', fileUuid: q1, fileName: 'Q1 data.xlsx' }),
    ]);

    // The grant link: the file owner (here a modeler, who has no folder view) opens it,
    // and the web app calls PUT .../access.
    const url = new URL(`http://x${link}`);
    expect((await call('modeler', 'GET', `/v2/models/${made.uuid}/files`)).status).toBe(403);
    const grant = await call(
      'modeler',
      'PUT',
      filePath(made.uuid, url.searchParams.get('file') ?? '', '/access'),
      {
        userId: url.searchParams.get('userId'),
      },
    );
    expect(grant.status).toBe(200);
    expect((await call('employee', 'POST', filePath(made.uuid, q1, '/download'), accepted)).status).toBe(200);
    const twice = await call('employee', 'POST', filePath(made.uuid, q1, '/access-requests'), request);
    expect([twice.status, twice.body.message]).toEqual([409, 'You already have access to this file.']);

    const open = files.get('open.xlsx').uuid;
    expect(
      (await call('viewer', 'POST', filePath(made.uuid, open, '/access-requests'), request)).status,
    ).toBe(409);
    const external = await call('vendor', 'POST', filePath(made.uuid, q1, '/access-requests'), request);
    expect([external.status, external.body.message]).toEqual([
      403,
      'Only internal users can request access to a file.',
    ]);
    expect((await call('hta', 'POST', filePath(made.uuid, q1, '/access-requests'), request)).status).toBe(
      404,
    );
  });
});

describe('downloads are audited', () => {
  it('writes FILE_DOWNLOADED before answering the link and FILES_DOWNLOADED_ALL when the archive job starts', async () => {
    const made = await createEntry(
      withModeler({
        files: [
          { name: 'a.xlsx', content: 'a', mainFile: true },
          { name: 'b.txt', content: 'b' },
        ],
      }),
    );
    const a = (await filesByName('viewer', made.uuid)).get('a.xlsx');
    expect((await call('viewer', 'POST', filePath(made.uuid, a.uuid, '/download'), accepted)).status).toBe(
      200,
    );
    const all = await call('viewer', 'POST', `/v2/models/${made.uuid}/download-all`, accepted);
    expect(all.status).toBe(202);
    // Recorded when the job starts, before any archive or link exists.
    expect((await auditOf(made.uuid)).map((r) => [r.action, r.actor, r.fileName, r.detail])).toEqual([
      ['FILE_DOWNLOADED', 'viewer', 'a.xlsx', undefined],
      ['FILES_DOWNLOADED_ALL', 'viewer', undefined, '2 files'],
    ]);
    const archive = await waitForArchive(await tokenOf('viewer'), made.uuid, all.body.archiveId);
    expect(new URL(archive.url ?? '').searchParams.get('X-Amz-Expires')).toBe('900');
    expect((await auditOf(made.uuid)).map((r) => [r.action, r.actor, r.fileName, r.detail])).toEqual([
      ['FILE_DOWNLOADED', 'viewer', 'a.xlsx', undefined],
      ['FILES_DOWNLOADED_ALL', 'viewer', undefined, '2 files'],
    ]);
    // A refused download leaves no record.
    expect((await call('modeler', 'POST', filePath(made.uuid, a.uuid, '/download'), accepted)).status).toBe(
      403,
    );
    expect(await auditOf(made.uuid)).toHaveLength(2);
  });
});

describe('THEOREM (Oncology) entries: per-user flags', () => {
  const allTrue = {
    model_access: 'true',
    allow_access: 'true',
    data_cut_access: 'true',
    country_access: 'true',
  };
  let uuid: string;
  let file: string;
  beforeAll(async () => {
    const made = await createEntry({ metadata: metadataOf({ platform: 'Oncology' }) });
    uuid = made.uuid;
    file = (await filesByName('lead', uuid)).get('model.xlsx').uuid;
  });
  const theorem = (persona: string, userId: string, flags: Record<string, string>) =>
    call(persona, 'PUT', `/v2/models/${uuid}/theorem-access/${userId}`, flags);
  const download = (persona: string) => call(persona, 'POST', filePath(uuid, file, '/download'), accepted);

  it('needs trial, database lock and country access to download; super users are exempt', async () => {
    const refused = await download('viewer');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.theoremMissingAccess(['Trail', 'Database Lock', 'Country']));
    expect((await filesByName('viewer', uuid)).get('model.xlsx').callerAccess).toMatchObject({
      download: false,
    });
    const all = await call('viewer', 'POST', `/v2/models/${uuid}/download-all`, accepted);
    expect([all.status, all.body.message]).toEqual([403, refused.body.message]);
    expect((await download('admin')).status).toBe(200);

    const set = await theorem('admin', 'viewer', {
      ...allTrue,
      model_access: 'false',
      country_access: 'false',
    });
    expect([set.status, set.body]).toEqual([
      200,
      { ...allTrue, model_access: 'false', country_access: 'false' },
    ]);
    const country = await download('viewer');
    expect([country.status, country.body.message]).toEqual([403, MESSAGES.theoremMissingAccess(['Country'])]);
    expect((await call('viewer', 'GET', `/v2/models/${uuid}`)).body.theoremFlags).toMatchObject({
      country_access: 'false',
    });
    expect((await call('steward', 'GET', `/v2/models/${uuid}`)).body.theoremFlags).toBeUndefined();

    expect((await theorem('admin', 'viewer', allTrue)).status).toBe(200);
    const flagRecords = (await auditOf(uuid)).filter((r) => r.action === 'THEOREM_ACCESS_SET');
    expect(flagRecords.map((r) => [r.actor, r.subject, r.detail])).toEqual([
      [
        'admin',
        'viewer',
        'model_access=false, allow_access=true, data_cut_access=true, country_access=false',
      ],
      ['admin', 'viewer', 'model_access=true, allow_access=true, data_cut_access=true, country_access=true'],
    ]);
    expect((await download('viewer')).status).toBe(200);
    expect((await filesByName('viewer', uuid)).get('model.xlsx').callerAccess).toMatchObject({
      download: true,
    });
    // The lead manages the entry and owns the file: no THEOREM flags needed (issue 9 §11).
    expect((await download('lead')).status).toBe(200);
  });

  it("makes the entry editable for a manager only with that manager's own model_access", async () => {
    const readOnly = await call('lead', 'PATCH', `/v2/models/${uuid}/files`, { folders: ['x'] });
    expect([readOnly.status, readOnly.body.message]).toEqual([403, 'This model entry is read-only.']);
    expect((await theorem('admin', 'lead', allTrue)).status).toBe(200);
    expect((await call('lead', 'PATCH', `/v2/models/${uuid}/files`, { folders: ['x'] })).status).toBe(200);
    expect((await call('steward', 'PATCH', `/v2/models/${uuid}/files`, { folders: ['y'] })).status).toBe(403);
  });

  it('lets only super users set flags, on Oncology entries, for known users', async () => {
    const lead = await theorem('lead', 'viewer', allTrue);
    expect([lead.status, lead.body.message]).toEqual([403, 'Only super users can set THEOREM access.']);
    expect((await theorem('admin', 'nobody-here', allTrue)).status).toBe(422);
    expect((await theorem('admin', 'viewer', { ...allTrue, model_access: 'yes' })).status).toBe(400);
    const other = await createEntry({ files: [] });
    const wrong = await call('admin', 'PUT', `/v2/models/${other.uuid}/theorem-access/viewer`, allTrue);
    expect([wrong.status, wrong.body.message]).toEqual([
      422,
      'THEOREM access can only be set on Oncology (THEOREM) model entries.',
    ]);
  });
});
