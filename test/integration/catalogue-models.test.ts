import { NAME_MESSAGES } from '@shared/rules/model-name';
import { ROLE_MESSAGES } from '@shared/rules/model-roles';
import { describe, expect, it } from 'vitest';
import { call, createEntry, getItem, metadataOf, queryPartition, rolesOf } from './catalogue-helpers';

/** Catalogue API against the local cloud: create, detail, name check, exists, lifecycle, roles. */
describe('catalogue: create, detail and name', () => {
  it('creates a draft in one transaction: model, name, metadata key, memberships, file, change', async () => {
    const metadata = metadataOf();
    const detail = await createEntry({ metadata });
    expect(detail).toMatchObject({
      status: 'DRAFT',
      createdBy: 'lead',
      fileCount: 1,
      rev: 1,
      roles: { vestLead: 'lead', steward: 'steward', owners: expect.arrayContaining(['owner', 'lead']) },
      metadata: {
        tree_root_id: detail.uuid,
        isid_of_model_steward: 'steward',
        email_for_model_steward: 'stella.steward@example.com',
      },
      permissions: { view: 'allowed', publish: 'allowed', deleteDraft: 'allowed', retire: 'forbidden' },
    });
    expect(detail.name).toBe(
      `Oncology - Melanoma - Tumivex - Markov Cohort Model - Global - Version: 1.0 - ${metadata.suffix}`,
    );
    const nameItem = await getItem(`MODELNAME#${detail.name.toLowerCase()}`, 'NAME');
    expect(nameItem?.modelUuid).toBe(detail.uuid);
    const partition = await queryPartition(`MODEL#${detail.uuid}`);
    expect(partition.map((i) => String(i.sk).split('#')[0]).sort()).toEqual(['FILE', 'META']);
    for (const who of ['lead', 'steward', 'owner']) {
      expect(await getItem(`USER#${who}`, `MODEL#${detail.uuid}`), who).toBeDefined();
    }
    expect(await getItem('USER#viewer', `MODEL#${detail.uuid}`)).toBeUndefined();
    const changes = await queryPartition('CATALOG');
    const mine = changes.filter((c) => c.modelUuid === detail.uuid);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.entry).toMatchObject({
      uuid: detail.uuid,
      status: 'DRAFT',
      creatorName: 'Leo Lead',
      treeRootId: detail.uuid,
    });
  });

  it('reads the detail back; a stranger gets 404 for a draft and a preview of a published entry', async () => {
    const draft = await createEntry();
    expect((await call('viewer', 'GET', `/v2/models/${draft.uuid}`)).body).toMatchObject({
      uuid: draft.uuid,
      permissions: { view: 'allowed', publish: 'disallowed' },
    });
    expect((await call('employee', 'GET', `/v2/models/${draft.uuid}`)).status).toBe(404);

    const published = await createEntry({
      publish: true,
      metadata: metadataOf({ notes: 'internal notes', legal_notice: 'Legal' }),
    });
    const preview = await call('employee', 'GET', `/v2/models/${published.uuid}`);
    expect(preview.status).toBe(200);
    expect(preview.body.permissions).toMatchObject({
      view: 'disallowed',
      preview: 'allowed',
      requestAccess: 'allowed',
    });
    expect(preview.body.metadata.notes).toBeUndefined();
    expect(preview.body.metadata.legal_notice).toBeUndefined();
    expect(preview.body.metadata.disease).toBe('Melanoma');
    expect(preview.body.roles.viewers).toEqual([]);
    expect(preview.body.fileCount).toBe(0);
    expect((await call('vendor', 'GET', `/v2/models/${published.uuid}`)).status).toBe(404);
    expect((await call('lead', 'GET', '/v2/models/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('checks names: generated, unique, taken (409 on create), too long', async () => {
    const metadata = metadataOf();
    const free = await call('lead', 'POST', '/v2/models/name-check', { metadata });
    expect(free.body).toMatchObject({ unique: true, problems: [] });
    const entry = await createEntry({ metadata });
    const taken = await call('owner', 'POST', '/v2/models/name-check', { metadata });
    expect(taken.body).toMatchObject({
      name: entry.name,
      unique: false,
      problems: [NAME_MESSAGES.notUnique],
    });
    const own = await call('lead', 'POST', '/v2/models/name-check', { metadata, uuid: entry.uuid });
    expect(own.body.unique).toBe(true);
    const long = await call('lead', 'POST', '/v2/models/name-check', {
      metadata: metadataOf({ suffix: 'x'.repeat(200) }),
    });
    expect(long.body.problems).toContain(NAME_MESSAGES.tooLong);

    const again = await call('lead', 'POST', '/v2/models', { metadata, roles: rolesOf(), files: [] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(NAME_MESSAGES.notUnique);
    // External users may add entries (000 §2, issue 21 §25), so they may check a name too.
    expect((await call('vendor', 'POST', '/v2/models/name-check', { metadata })).status).toBe(200);
  });

  it('tells whether an entry with the same identifying metadata exists (suffix does not count)', async () => {
    const metadata = metadataOf({ version_release_of_model: '7.3', study_number: 'MR-1042-024' });
    expect((await call('lead', 'POST', '/v2/models/exists-by-metadata', { metadata })).body).toEqual({
      exists: false,
    });
    const entry = await createEntry({ metadata });
    const same = { ...metadata, suffix: 'another suffix', product: [...metadata.product] };
    expect((await call('owner', 'POST', '/v2/models/exists-by-metadata', { metadata: same })).body).toEqual({
      exists: true,
    });
    const other = { ...metadata, version_release_of_model: '7.4' };
    expect((await call('owner', 'POST', '/v2/models/exists-by-metadata', { metadata: other })).body).toEqual({
      exists: false,
    });
    expect((await call('lead', 'DELETE', `/v2/models/${entry.uuid}`)).status).toBe(204);
    expect((await call('lead', 'POST', '/v2/models/exists-by-metadata', { metadata })).body).toEqual({
      exists: false,
    });
  });

  it('refuses bad input with the spec texts and writes nothing', async () => {
    const metadata = metadataOf({ disease: undefined, product: [], stage_of_model_development: undefined });
    const missing = await call('lead', 'POST', '/v2/models', { metadata, roles: rolesOf(), files: [] });
    expect(missing.status).toBe(422);
    const messages = missing.body.issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Disease is missing',
        'Product is missing',
        'Stage of Model Development is missing',
      ]),
    );

    const badOption = await call('lead', 'POST', '/v2/models', {
      metadata: metadataOf({ disease: 'Dragon pox', country: ['Atlantis'], global: 'false' }),
      roles: rolesOf(),
      files: [],
    });
    expect(badOption.status).toBe(422);
    expect(badOption.body.issues.map((i: { message: string }) => i.message)).toEqual(
      expect.arrayContaining([
        'Dragon pox is not a valid option for Disease',
        'Atlantis is not a valid option for Country',
      ]),
    );

    const badVersion = await call('lead', 'POST', '/v2/models', {
      metadata: metadataOf({ version_release_of_model: '1.a' }),
      roles: rolesOf(),
      files: [],
    });
    expect(badVersion.status).toBe(422);
    expect(badVersion.body.message).toBe('Version must match number format like "1" or "1.1"');

    const external = await call('lead', 'POST', '/v2/models', {
      metadata: metadataOf(),
      roles: rolesOf({ vestLead: 'vendor', steward: 'hta' }),
      files: [],
    });
    expect(external.status).toBe(422);
    expect(external.body.issues.map((i: { message: string }) => i.message)).toEqual(
      expect.arrayContaining([ROLE_MESSAGES.externalLead, ROLE_MESSAGES.externalSteward]),
    );

    const unknown = await call('lead', 'POST', '/v2/models', {
      metadata: metadataOf(),
      roles: rolesOf({ viewers: ['nobody-here'] }),
      files: [],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe('User nobody-here was not found.');

    const noFilesPublish = await call('lead', 'POST', '/v2/models', {
      metadata: metadataOf(),
      roles: rolesOf(),
      files: [],
      publish: true,
    });
    expect(noFilesPublish.status).toBe(422);
    expect(noFilesPublish.body.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ severity: 'ERROR_PUBLISH', message: 'Files is missing' }),
      ]),
    );

    // An external creator may not take the lead (000 §5): 422, nothing written.
    expect(
      (
        await call('vendor', 'POST', '/v2/models', {
          metadata: metadataOf(),
          roles: rolesOf({ vestLead: 'vendor' }),
          files: [],
        })
      ).status,
    ).toBe(422);
    expect(
      (await call('lead', 'POST', '/v2/models', { metadata: metadataOf(), roles: { owners: [] } })).status,
    ).toBe(400);
  });

  it('leaves no name or entry when the last step fails (file never uploaded; concurrent same name)', async () => {
    const metadata = metadataOf();
    const ticket = await call('lead', 'POST', '/v2/uploads', { files: [{ name: 'never.xlsx', size: 10 }] });
    const failed = await call('lead', 'POST', '/v2/models', {
      uploadId: ticket.body.uploadId,
      files: [{ uploadFileId: ticket.body.files[0].uploadFileId, name: 'never.xlsx', mainFile: true }],
      metadata,
      roles: rolesOf(),
    });
    expect(failed.status).toBe(422);
    expect(failed.body.message).toBe('never.xlsx was not uploaded.');
    const name = (await call('lead', 'POST', '/v2/models/name-check', { metadata })).body;
    expect(name.unique).toBe(true);

    // Five creates of one name at once: the database lets exactly one through.
    const raced = metadataOf();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('lead', 'POST', '/v2/models', { metadata: raced, roles: rolesOf(), files: [] }),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    const memberships = (await queryPartition('USER#steward')).filter((i) =>
      String(i.sk).startsWith('MODEL#'),
    );
    const models = await Promise.all(memberships.map((m) => getItem(String(m.sk), 'META')));
    expect(models.filter((m) => m?.metadata?.suffix === raced.suffix)).toHaveLength(1);
    const changes = (await queryPartition('CATALOG')).filter((c) => c.entry?.name === created[0]?.body.name);
    expect(changes).toHaveLength(1);
  });

  it('fills the empty metadata of a known study number on the server, on create and when the study changes', async () => {
    // MR-1042-024 is a seeded study: NSCLC, Zentravimab, Partitioned Survival Model, Confidential.
    const {
      disease: _d,
      product: _p,
      model_type: _m,
      information_classification: _c,
      ...rest
    } = metadataOf({ study_number: 'MR-1042-024' });
    const created = await createEntry({ metadata: rest });
    expect(created.metadata).toMatchObject({
      study_number: 'MR-1042-024',
      disease: 'Non-small cell lung cancer',
      product: ['Zentravimab'],
      model_type: 'Partitioned Survival Model',
      information_classification: 'Confidential',
    });
    expect(created.name).toContain('Non-small cell lung cancer');

    // The user may change a filled field: what is sent is what is saved.
    const edited = await call('lead', 'PATCH', `/v2/models/${created.uuid}`, {
      metadata: { ...created.metadata, model_type: 'Markov Cohort Model' },
      rev: created.rev,
    });
    expect(edited.body.metadata.model_type).toBe('Markov Cohort Model');
  });

  it('links a new entry under a parent: root taken, version must be above the parent', async () => {
    const parent = await createEntry({ metadata: metadataOf({ version_release_of_model: '2' }) });
    const low = await call('lead', 'POST', '/v2/models', {
      metadata: metadataOf({
        ...parent.metadata,
        suffix: `${parent.metadata.suffix} child`,
        tree_parent_id: parent.uuid,
        version_release_of_model: '1.5',
      }),
      roles: rolesOf(),
      lineage: 'parent',
      files: [],
    });
    expect(low.status).toBe(422);
    expect(low.body.message).toBe('Enter a version number greater than the parent version number 2');
    const child = await call('lead', 'POST', '/v2/models', {
      metadata: metadataOf({
        ...parent.metadata,
        suffix: `${parent.metadata.suffix} child`,
        tree_parent_id: parent.uuid,
        version_release_of_model: '2.1',
      }),
      roles: rolesOf(),
      lineage: 'parent',
      files: [],
    });
    expect(child.status).toBe(201);
    expect(child.body.metadata).toMatchObject({ tree_parent_id: parent.uuid, tree_root_id: parent.uuid });
    const invalid = await call('lead', 'POST', '/v2/models', {
      metadata: metadataOf({ tree_parent_id: '00000000-0000-4000-8000-000000000000' }),
      roles: rolesOf(),
      lineage: 'parent',
      files: [],
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.message).toBe('Selected parent model is not valid.');
  });
});

describe('catalogue: update and lifecycle', () => {
  it('updates metadata and suffix with rev; a rename moves the name; a stale rev is 409', async () => {
    const entry = await createEntry();
    const metadata = { ...entry.metadata, suffix: `${entry.metadata.suffix} renamed`, notes: 'new notes' };
    const updated = await call('owner', 'PATCH', `/v2/models/${entry.uuid}`, { metadata, rev: entry.rev });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      rev: 2,
      name: `${entry.name} renamed`,
      metadata: { notes: 'new notes' },
    });
    expect(await getItem(`MODELNAME#${entry.name.toLowerCase()}`, 'NAME')).toBeUndefined();
    expect((await getItem(`MODELNAME#${updated.body.name.toLowerCase()}`, 'NAME'))?.modelUuid).toBe(
      entry.uuid,
    );
    expect(updated.body.metadata.tree_root_id).toBe(entry.uuid);

    const stale = await call('lead', 'PATCH', `/v2/models/${entry.uuid}`, { metadata, rev: entry.rev });
    expect(stale.status).toBe(409);

    const other = await createEntry();
    const collide = await call('lead', 'PATCH', `/v2/models/${entry.uuid}`, {
      metadata: { ...metadata, suffix: other.metadata.suffix },
      rev: 2,
    });
    expect(collide.status).toBe(409);
    expect(collide.body.message).toBe(NAME_MESSAGES.notUnique);
    const missing = await call('lead', 'PATCH', `/v2/models/${entry.uuid}`, {
      metadata: { ...metadata, disease: undefined },
      rev: 2,
    });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('Disease is missing');
  });

  it('publishes a draft once, refuses without files (422 with issues), retires with a reason', async () => {
    const empty = await call('lead', 'POST', '/v2/models', {
      metadata: metadataOf(),
      roles: rolesOf(),
      files: [],
    });
    const refused = await call('lead', 'POST', `/v2/models/${empty.body.uuid}/publish`, {});
    expect(refused.status).toBe(422);
    expect(refused.body.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ severity: 'ERROR_PUBLISH', message: 'Files is missing', field: 'files' }),
        expect.objectContaining({ severity: 'WARNING', message: 'VEAP ID is missing' }),
      ]),
    );

    const entry = await createEntry();
    const published = await call('steward', 'POST', `/v2/models/${entry.uuid}/publish`, { rev: entry.rev });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ status: 'PUBLISHED', rev: 2, permissions: { retire: 'allowed' } });
    expect(published.body.publishedOn).toBeDefined();
    expect((await call('lead', 'POST', `/v2/models/${entry.uuid}/publish`)).status).toBe(409);
    expect((await call('lead', 'DELETE', `/v2/models/${entry.uuid}`)).status).toBe(409);

    expect((await call('lead', 'POST', `/v2/models/${entry.uuid}/retire`, { reason: '' })).status).toBe(400);
    const retired = await call('lead', 'POST', `/v2/models/${entry.uuid}/retire`, {
      reason: 'Superseded by 2.0',
    });
    expect(retired.status).toBe(200);
    expect(retired.body).toMatchObject({ status: 'RETIRED', retireReason: 'Superseded by 2.0' });
    const files = (await queryPartition(`MODEL#${entry.uuid}`)).filter((i) =>
      String(i.sk).startsWith('FILE#'),
    );
    expect(files.length).toBe(1);
    expect(files.every((f) => f.retired === true)).toBe(true);
    // Retired entries are visible to their owners only: not to the steward, who is no owner (issue 21 §22).
    expect((await call('viewer', 'GET', `/v2/models/${entry.uuid}`)).status).toBe(404);
    expect((await call('steward', 'GET', `/v2/models/${entry.uuid}`)).status).toBe(404);
    expect((await call('owner', 'GET', `/v2/models/${entry.uuid}`)).status).toBe(200);
    expect(
      (await call('lead', 'PATCH', `/v2/models/${entry.uuid}`, { metadata: entry.metadata, rev: 3 })).status,
    ).toBe(409);
  });

  it('deletes a draft with all its items and a deleted catalogue change', async () => {
    const entry = await createEntry();
    expect((await call('lead', 'DELETE', `/v2/models/${entry.uuid}?rev=99`)).status).toBe(409);
    expect((await call('owner', 'DELETE', `/v2/models/${entry.uuid}?rev=1`)).status).toBe(204);
    expect(await queryPartition(`MODEL#${entry.uuid}`)).toEqual([]);
    expect(await getItem(`MODELNAME#${entry.name.toLowerCase()}`, 'NAME')).toBeUndefined();
    for (const who of ['lead', 'steward', 'owner'])
      expect(await getItem(`USER#${who}`, `MODEL#${entry.uuid}`)).toBeUndefined();
    const changes = (await queryPartition('CATALOG')).filter((c) => c.modelUuid === entry.uuid);
    expect(changes.at(-1)?.entry.deleted).toBe(true);
    expect((await call('lead', 'GET', `/v2/models/${entry.uuid}`)).status).toBe(404);
    // The name is free again.
    expect(
      (await call('lead', 'POST', '/v2/models/name-check', { metadata: entry.metadata })).body.unique,
    ).toBe(true);
  });
});

describe('catalogue: roles', () => {
  it('gets and sets roles with exclusivity, memberships in step, rev', async () => {
    const entry = await createEntry();
    const got = await call('viewer', 'GET', `/v2/models/${entry.uuid}/roles`);
    expect(got.status).toBe(200);
    expect(got.body.users.steward).toMatchObject({ firstName: 'Stella', lastName: 'Steward' });

    // A viewer made owner leaves the viewers (the form's exclusivity); the lead may name a new steward.
    const roles = {
      ...got.body.roles,
      owners: [...got.body.roles.owners, 'viewer'],
      viewers: got.body.roles.viewers.filter((v: string) => v !== 'viewer'),
      steward: 'employee',
    };
    const set = await call('lead', 'PUT', `/v2/models/${entry.uuid}/roles`, { roles, rev: got.body.rev });
    expect(set.status).toBe(200);
    expect(set.body.roles.viewers).not.toContain('viewer');
    expect(set.body.roles.owners).toContain('viewer');
    expect(set.body.roles.steward).toBe('employee');
    expect(await getItem('USER#viewer', `MODEL#${entry.uuid}`)).toMatchObject({ roles: ['OWNER'] });
    expect(await getItem('USER#employee', `MODEL#${entry.uuid}`)).toMatchObject({ roles: ['STEWARD'] });
    expect(await getItem('USER#steward', `MODEL#${entry.uuid}`)).toBeUndefined();
    const detail = (await call('lead', 'GET', `/v2/models/${entry.uuid}`)).body;
    expect(detail.metadata).toMatchObject({
      isid_of_model_steward: 'employee',
      name_of_model_steward: 'Emma Employee',
    });

    expect(
      (await call('owner', 'PUT', `/v2/models/${entry.uuid}/roles`, { roles, rev: got.body.rev })).status,
    ).toBe(409);
    const selfRemoval = await call('owner', 'PUT', `/v2/models/${entry.uuid}/roles`, {
      roles: { ...set.body.roles, owners: set.body.roles.owners.filter((o: string) => o !== 'owner') },
      rev: set.body.rev,
    });
    expect(selfRemoval.status).toBe(422);
    expect(selfRemoval.body.message).toBe(ROLE_MESSAGES.cannotRemoveSelf);
    const externalSteward = await call('lead', 'PUT', `/v2/models/${entry.uuid}/roles`, {
      roles: { ...set.body.roles, steward: 'vendor' },
      rev: set.body.rev,
    });
    expect(externalSteward.status).toBe(422);
    expect(externalSteward.body.message).toBe(ROLE_MESSAGES.externalSteward);
  });
});
