import { describe, expect, it } from 'vitest';
import { call, createEntry, withModeler } from './catalogue-helpers';

/** Catalogue API against the local cloud: metadata options, user search, User Settings. */
describe('catalogue: metadata options', () => {
  it('answers the ten seeded lists; study numbers carry their assigned metadata', async () => {
    const res = await call('viewer', 'GET', '/v2/metadata-options');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'country',
        'disease',
        'file_tag',
        'mathematica_environment',
        'model_type',
        'product',
        'python_environment',
        'stage_of_model_development',
        'study_number',
        'therapeutic_area',
      ].sort(),
    );
    expect(res.body.country.length).toBeGreaterThanOrEqual(60);
    expect(res.body.country.map((o: { value: string }) => o.value)).toContain('Germany');
    const study = res.body.study_number.find((o: { value: string }) => o.value === 'MR-1042-024');
    expect(study).toMatchObject({
      retired: false,
      metadata: { therapeutic_area: 'Oncology', product: ['Zentravimab'] },
    });
    expect(res.body.file_tag.every((o: { value: string }) => /^[A-Za-z]{1,25}$/.test(o.value))).toBe(true);
  });
});

describe('catalogue: user search', () => {
  it('finds users by name, e-mail or ISID prefix with a key Query', async () => {
    const byFirst = await call('lead', 'GET', '/v2/users/search?q=stel');
    expect(byFirst.status).toBe(200);
    expect(byFirst.body.items).toEqual([
      {
        id: 'steward',
        firstName: 'Stella',
        lastName: 'Steward',
        email: 'stella.steward@example.com',
        userType: 'INTERNALUSER',
      },
    ]);
    const byFull = await call('lead', 'GET', `/v2/users/search?q=${encodeURIComponent('<Olivia O>')}`);
    expect(byFull.body.items.map((u: { id: string }) => u.id)).toEqual(['owner']);
    const byEmail = await call('lead', 'GET', '/v2/users/search?q=victor.viewer@');
    expect(byEmail.body.items.map((u: { id: string }) => u.id)).toEqual(['viewer']);
    const byIsid = await call('lead', 'GET', '/v2/users/search?q=MODELER');
    expect(byIsid.body.items.map((u: { id: string }) => u.id)).toEqual(['modeler']);
    // Inactive users are not offered.
    expect((await call('lead', 'GET', '/v2/users/search?q=ian')).body.items).toEqual([]);
    expect((await call('lead', 'GET', '/v2/users/search?q=s')).body.items).toEqual([]);
    expect((await call('lead', 'GET', '/v2/users/search?q=st&limit=21')).status).toBe(400);
    expect((await call('vendor', 'GET', '/v2/users/search?q=st')).status).toBe(403);
  });
});

describe('catalogue: User Settings (expertise)', () => {
  it('reads and writes settings on a WebModel 2.0 entry only', async () => {
    const web = await createEntry(withModeler({ files: [] }));
    const path = `/v2/models/${web.uuid}/expertise/modeler`;
    expect((await call('owner', 'GET', path)).body).toEqual({
      userId: 'modeler',
      expertiseTypeLevel: 500,
      subModelIdList: [],
    });
    // Sub-model ids must name sub-models of the entry (sub-models.test.ts covers the lists).
    const put = await call('owner', 'PUT', path, {
      userId: 'modeler',
      expertiseTypeLevel: 750,
      subModelIdList: [],
    });
    expect(put.status).toBe(200);
    expect((await call('modeler', 'GET', path)).body).toEqual({
      userId: 'modeler',
      expertiseTypeLevel: 750,
      subModelIdList: [],
    });
    expect((await call('viewer', 'GET', path)).status).toBe(403);
    expect((await call('modeler', 'PUT', path, { userId: 'modeler', expertiseTypeLevel: 1000 })).status).toBe(
      403,
    );
    expect((await call('owner', 'PUT', path, { userId: 'viewer', expertiseTypeLevel: 1000 })).status).toBe(
      400,
    );
    expect((await call('owner', 'PUT', path, { userId: 'modeler', expertiseTypeLevel: 123 })).status).toBe(
      400,
    );
    const stranger = await call('owner', 'PUT', `/v2/models/${web.uuid}/expertise/employee`, {
      userId: 'employee',
    });
    expect(stranger.status).toBe(422);

    const repo = await createEntry({ files: [] });
    const refused = await call('owner', 'GET', `/v2/models/${repo.uuid}/expertise/modeler`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("User Settings are only available for 'WebModel 2.0' models.");
  });
});
