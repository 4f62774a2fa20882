import { FILE_OWNER_MESSAGES } from '@shared/rules/file-permissions';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createEntry, metadataOf, rolesOf } from './catalogue-helpers';
import { accepted, auditOf, filesByName, footprint } from './files-helpers';

/**
 * 000 §6, issue 9 §1: a file's cdd and private flags, its access list and its ownership are changed by
 * the file owner or a super user only. The lead, the steward and the other owners of the entry edit
 * everything else about its files, but cannot open up or take over someone else's confidential file.
 */
const filePath = (uuid: string, fileUuid: string, rest = '') => `/v2/models/${uuid}/files/${fileUuid}${rest}`;

describe("a confidential file owned by a Model Owner, and the entry's other managers", () => {
  let uuid: string;
  let secret: string;
  let open: string;

  beforeAll(async () => {
    // Olivia Owner creates the entry, so she owns its files; Leo Lead and Stella Steward manage it too.
    const entry = await createEntry({
      persona: 'owner',
      metadata: metadataOf({ global: 'false', country: ['Germany'], type: 'Country Adaptation' }),
      roles: rolesOf({ viewers: ['viewer', 'employee'] }),
      files: [
        { name: 'open.xlsx', content: 'open', mainFile: true },
        { name: 'secret.xlsx', content: 'secret' },
      ],
    });
    uuid = entry.uuid;
    const files = await filesByName('owner', uuid);
    secret = files.get('secret.xlsx').uuid;
    open = files.get('open.xlsx').uuid;
    const marked = await call('owner', 'PATCH', `/v2/models/${uuid}/files`, {
      update: [{ uuid: secret, cdd: 'Yes', isPrivate: true }],
    });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
  });

  it.each(['lead', 'steward'])(
    'refuses the %s who lifts cdd or private (403 naming the file), and changes nothing, not even the rest of the save',
    async (persona) => {
      const before = await footprint(uuid);
      for (const change of [{ cdd: 'No' }, { isPrivate: false }, { cdd: 'No', isPrivate: false }]) {
        const res = await call(persona, 'PATCH', `/v2/models/${uuid}/files`, {
          update: [
            { uuid: open, comment: 'fine on its own' },
            { uuid: secret, ...change },
          ],
        });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({
          code: 'FORBIDDEN',
          message: FILE_OWNER_MESSAGES.attributes(['secret.xlsx']),
        });
      }
      expect(await footprint(uuid)).toEqual(before);
    },
  );

  it.each(['lead', 'steward'])(
    'refuses the %s who transfers the file or changes its access list, and the owner keeps her file',
    async (persona) => {
      const before = await footprint(uuid);
      const refusal = { code: 'FORBIDDEN', message: FILE_OWNER_MESSAGES.access };
      const transfer = await call(persona, 'PUT', filePath(uuid, secret, '/owner'), { userId: persona });
      expect([transfer.status, transfer.body]).toEqual([403, refusal]);
      const share = await call(persona, 'PUT', filePath(uuid, secret, '/access'), { userId: 'employee' });
      expect([share.status, share.body]).toEqual([403, refusal]);
      const list = await call(persona, 'GET', filePath(uuid, secret, '/access'));
      expect([list.status, list.body]).toEqual([403, refusal]);
      expect(await footprint(uuid)).toEqual(before);
      expect((await call('owner', 'POST', filePath(uuid, secret, '/download'), accepted)).status).toBe(200);
      expect((await call(persona, 'POST', filePath(uuid, secret, '/download'), accepted)).status).toBe(403);
    },
  );

  it('shows the managers that the file is not theirs to manage, the owner and super users that it is', async () => {
    const manage = async (persona: string) =>
      (await filesByName(persona, uuid)).get('secret.xlsx').callerAccess.manage as boolean;
    expect(await manage('lead')).toBe(false);
    expect(await manage('steward')).toBe(false);
    expect(await manage('owner')).toBe(true);
    expect(await manage('admin')).toBe(true);
  });

  it('lets a manager edit everything else about the file', async () => {
    const res = await call('lead', 'PATCH', `/v2/models/${uuid}/files`, {
      update: [
        { uuid: secret, comment: 'Reviewed by the lead', fileTag: 'Inputs', cdd: 'Yes', isPrivate: true },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await filesByName('owner', uuid)).get('secret.xlsx')).toMatchObject({
      comment: 'Reviewed by the lead',
      fileTag: 'Inputs',
      cdd: 'Yes',
      isPrivate: true,
      owner: { id: 'owner' },
    });
  });

  it('lets a super user change the flags and the owner share the file', async () => {
    const lifted = await call('admin', 'PATCH', `/v2/models/${uuid}/files`, {
      update: [{ uuid: secret, isPrivate: false }],
    });
    expect(lifted.status, JSON.stringify(lifted.body)).toBe(200);
    const shared = await call('owner', 'PUT', filePath(uuid, secret, '/access'), { userId: 'employee' });
    expect(shared.status).toBe(200);
    expect((await auditOf(uuid)).filter((a) => a.action === 'FILE_ACCESS_GRANTED')).toEqual([
      expect.objectContaining({ actor: 'owner', subject: 'employee', fileUuid: secret }),
    ]);
  });
});
