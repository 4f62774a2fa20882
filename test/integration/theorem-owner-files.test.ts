import { MESSAGES } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { waitForArchive } from '../support/download-archive';
import { call, createEntry, type Json, metadataOf, rolesOf, tokenOf } from './catalogue-helpers';
import { accepted, filesByName } from './files-helpers';

/**
 * Issue 9 §11 against the local cloud: on a THEOREM (Oncology) entry the people the entry belongs to
 * (its creator and owners, lead and steward) and the owner of a file read the files without THEOREM
 * flags; everyone else is told which flags are missing, in the same words by the file list, the download,
 * 'Download all' and 'Request Access'.
 */
const filePath = (uuid: string, fileUuid: string, rest = '') => `/v2/models/${uuid}/files/${fileUuid}${rest}`;
const missingAll = MESSAGES.theoremMissingAccess(['Trail', 'Database Lock', 'Country']);

describe('THEOREM entries: owners read their own files', () => {
  it("lets the creator and owner download every file of her Global entry, one by one and with 'Download all'", async () => {
    const entry = await createEntry({
      persona: 'owner',
      metadata: metadataOf({ platform: 'Oncology' }),
      roles: rolesOf({ owners: ['owner'] }),
      files: [
        { name: 'model.xlsx', content: 'main model body', mainFile: true },
        { name: 'cut.xlsx', content: 'data cut' },
      ],
    });
    const files = await filesByName('owner', entry.uuid);
    expect([...files.values()].map((f) => f.callerAccess)).toEqual([
      { download: true, requestAccess: false, manage: true },
      { download: true, requestAccess: false, manage: true },
    ]);
    for (const f of files.values()) {
      const link = await call('owner', 'POST', filePath(entry.uuid, f.uuid as string, '/download'), accepted);
      expect(link.status, JSON.stringify(link.body)).toBe(200);
    }
    const all = await call('owner', 'POST', `/v2/models/${entry.uuid}/download-all`, accepted);
    expect(all.status, JSON.stringify(all.body)).toBe(202);
    const ready = await waitForArchive(await tokenOf('owner'), entry.uuid, all.body.archiveId as string);
    expect(ready.status).toBe('READY');
  });

  it('lets the lead and the steward read files they do not own; the file owner reads hers without flags', async () => {
    const entry = await createEntry({ metadata: metadataOf({ platform: 'Oncology' }) });
    const file = (await filesByName('lead', entry.uuid)).get('model.xlsx').uuid as string;
    for (const persona of ['lead', 'steward', 'owner']) {
      const link = await call(persona, 'POST', filePath(entry.uuid, file, '/download'), accepted);
      expect([persona, link.status]).toEqual([persona, 200]);
    }
  });

  it('tells a viewer without flags the missing accesses everywhere, and offers no request the owner cannot grant', async () => {
    const entry = await createEntry({ metadata: metadataOf({ platform: 'Oncology' }) });
    const file = (await filesByName('viewer', entry.uuid)).get('model.xlsx') as Json;
    expect(file.callerAccess).toEqual({
      download: false,
      requestAccess: false,
      manage: false,
      reason: missingAll,
      refusal: 'theorem',
    });
    const uuid = file.uuid as string;
    const download = await call('viewer', 'POST', filePath(entry.uuid, uuid, '/download'), accepted);
    const all = await call('viewer', 'POST', `/v2/models/${entry.uuid}/download-all`, accepted);
    const request = await call('viewer', 'POST', filePath(entry.uuid, uuid, '/access-requests'), {
      reasons: ['Other'],
      details: 'x',
    });
    expect([download.status, download.body.message]).toEqual([403, missingAll]);
    expect([all.status, all.body.message]).toEqual([403, missingAll]);
    expect([request.status, request.body.message]).toEqual([403, missingAll]);
  });
});
