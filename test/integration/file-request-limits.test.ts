import { MESSAGES } from '@shared/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createEntry, type Json, metadataOf, rolesOf } from './catalogue-helpers';
import { accepted, filesByName, outbox } from './files-helpers';

/**
 * Issue 9 §4-§6 against the local cloud: file access requests are limited like model access requests,
 * the registration request refuses users who have access, and what a request answers matches what the
 * download does.
 */
const filePath = (uuid: string, fileUuid: string, rest = '') => `/v2/models/${uuid}/files/${fileUuid}${rest}`;
const request = { reasons: ['Other'], details: 'For the spring course' };
const ENTRY_FILES_NOT_READABLE =
  'You do not have access to the files of this model entry. Request access to the model entry first.';

describe('file access requests are limited to one per file and user per 10 minutes (issue 9 §4)', () => {
  it('sends one mail for the first request and refuses a repeat with 409, sending nothing', async () => {
    const entry = await createEntry({
      metadata: metadataOf({ global: 'false', country: ['Germany'], type: 'Country Adaptation' }),
      roles: rolesOf({ viewers: ['viewer', 'employee'] }),
      files: [
        { name: 'open.xlsx', content: 'open', mainFile: true },
        { name: 'secret.xlsx', content: 'secret' },
        { name: 'other.xlsx', content: 'other' },
      ],
    });
    const files = await filesByName('lead', entry.uuid);
    const secret = files.get('secret.xlsx').uuid as string;
    const other = files.get('other.xlsx').uuid as string;
    const save = await call('lead', 'PATCH', `/v2/models/${entry.uuid}/files`, {
      update: [
        { uuid: secret, cdd: 'Yes' },
        { uuid: other, cdd: 'Yes' },
      ],
    });
    expect(save.status).toBe(200);
    const mailsFor = async (fileName: string) =>
      (await outbox()).filter((m) => m.subject === `File access request: ${fileName} in ${entry.name}`);

    const first = await call('employee', 'POST', filePath(entry.uuid, secret, '/access-requests'), request);
    expect([first.status, first.body]).toEqual([200, { recipients: 1, mailSent: true }]);
    for (let i = 0; i < 3; i++) {
      const again = await call('employee', 'POST', filePath(entry.uuid, secret, '/access-requests'), request);
      expect([again.status, again.body.code, again.body.message]).toEqual([
        409,
        'CONFLICT',
        'You asked for access to this file less than 10 minutes ago. Please wait before asking again.',
      ]);
    }
    expect(await mailsFor('secret.xlsx')).toHaveLength(1);
    const audited = await call('lead', 'GET', `/v2/models/${entry.uuid}/audit`);
    expect((audited.body.items as Json[]).filter((a) => a.action === 'FILE_ACCESS_REQUESTED')).toHaveLength(
      1,
    );

    // The limit is per file and per user: another file, or another user, may still ask.
    const otherFile = await call(
      'employee',
      'POST',
      filePath(entry.uuid, other, '/access-requests'),
      request,
    );
    expect(otherFile.status).toBe(200);
    const otherUser = await call('viewer', 'POST', filePath(entry.uuid, secret, '/access-requests'), request);
    expect(otherUser.status).toBe(200);
    expect(await mailsFor('secret.xlsx')).toHaveLength(2);
  });
});

describe('POST /v2/access-requests from a user with access (issue 9 §5)', () => {
  it('answers 409 with a clear message and mails no super user', async () => {
    const before = (await outbox()).length;
    const res = await call('employee', 'POST', '/v2/access-requests', {});
    expect([res.status, res.body.code, res.body.message]).toEqual([
      409,
      'CONFLICT',
      'Your account already has access to Model Repository, so no access request was sent. Reload the page to continue.',
    ]);
    const mails = await outbox();
    expect(mails.length).toBe(before);
    expect(
      mails.filter((m) => m.subject === MESSAGES.accessRequestSubject && m.text.includes('user id employee')),
    ).toEqual([]);
  });
});

describe('a file request answers what the download does (issue 9 §6)', () => {
  let entry: Json;
  let file: string;
  beforeAll(async () => {
    // A published global entry: every internal user may preview it; 'employee' has no role.
    entry = await createEntry({ publish: true });
    file = (await filesByName('lead', entry.uuid)).get('model.xlsx').uuid as string;
  });

  it('tells a preview-only user to ask for the model entry, as the download refuses, and mails nobody', async () => {
    const before = (await outbox()).length;
    const asked = await call('employee', 'POST', filePath(entry.uuid, file, '/access-requests'), request);
    const download = await call('employee', 'POST', filePath(entry.uuid, file, '/download'), accepted);
    expect([asked.status, asked.body.message]).toEqual([403, ENTRY_FILES_NOT_READABLE]);
    expect([download.status, download.body.message]).toEqual([403, ENTRY_FILES_NOT_READABLE]);
    expect((await outbox()).length).toBe(before);
  });

  it('says "already have access" only to a user whose download then succeeds', async () => {
    const asked = await call('viewer', 'POST', filePath(entry.uuid, file, '/access-requests'), request);
    expect([asked.status, asked.body.message]).toEqual([409, 'You already have access to this file.']);
    expect((await call('viewer', 'POST', filePath(entry.uuid, file, '/download'), accepted)).status).toBe(
      200,
    );
  });
});
