import type { User } from '@shared/schemas/user';
import { describe, expect, it, vi } from 'vitest';
import { toCatalogueEntry } from '../../data/catalogue-changes';

vi.mock('../../lib/env', () => ({ env: { tableName: 'T', filesBucket: 'B' } }));

import type { ModelFileRecord } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import { rolesOf } from '../../testing/people';
import { membershipChanges, membershipsOf, withStudyMetadata } from './entry-rules';
import { mayReadFile } from './file-read-rules';
import { metadataFingerprint } from './metadata-fingerprint';

const base = {
  therapeutic_area: 'Oncology',
  disease: 'Melanoma',
  product: ['B', 'A'],
  model_type: 'Markov Cohort Model',
  type: 'Global' as const,
  version_release_of_model: '1',
  study_number: 'MR-1',
  global: 'true' as const,
  suffix: 'one',
};

describe('metadata fingerprint (exists by metadata)', () => {
  it('ignores suffix, order of products, case, blanks and a missing ".0"', () => {
    const fp = metadataFingerprint(base);
    expect(metadataFingerprint({ ...base, suffix: 'two', notes: 'x' })).toBe(fp);
    expect(metadataFingerprint({ ...base, product: ['a ', 'b'], disease: ' melanoma' })).toBe(fp);
    expect(metadataFingerprint({ ...base, version_release_of_model: '1.0' })).toBe(fp);
  });

  it.each([
    ['version', { version_release_of_model: '1.1' }],
    ['study', { study_number: 'MR-2' }],
    ['global', { global: 'false' as const }],
    ['countries', { country: ['Germany'] }],
    ['type', { type: 'Country Adaptation' as const }],
    ['products', { product: ['A'] }],
  ])('differs when the %s differs', (_what, change) => {
    expect(metadataFingerprint({ ...base, ...change })).not.toBe(metadataFingerprint(base));
  });
});

const roles = rolesOf({
  owners: ['owner', 'lead'],
  viewers: ['viewer'],
  displayViewers: ['display'],
  calibrationModelers: ['cal'],
  scenarioModelers: ['cal', 'scen'],
});

describe('memberships', () => {
  it('keeps creator, lead, steward and owners with their relations', () => {
    const m = membershipsOf(roles, 'creator', 'u');
    expect([...m.values()].map((x) => [x.userId, x.roles])).toEqual([
      ['creator', ['CREATOR']],
      ['lead', ['VESTLEAD', 'OWNER']],
      ['steward', ['STEWARD']],
      ['owner', ['OWNER']],
    ]);
  });

  it('changes only what differs', () => {
    const before = membershipsOf(roles, 'lead', 'u');
    const after = membershipsOf({ ...roles, owners: ['lead', 'viewer'] }, 'lead', 'u');
    const items = membershipChanges(before, after);
    expect(
      items.map((i) => (i.item.Put ? `put ${i.item.Put.Item?.userId}` : `delete ${i.item.Delete?.Key?.pk}`)),
    ).toEqual(['put viewer', 'delete USER#owner']);
  });
});

describe('catalogue projection', () => {
  it('groups managers, viewers and others and copies the facets', () => {
    const entry = toCatalogueEntry(
      {
        uuid: 'u',
        name: 'N',
        status: 'DRAFT',
        metadata: { ...base, platform: 'WebModel 2.0', country: ['Spain'], tree_root_id: 'r' },
        roles,
        createdBy: 'lead',
        createdOn: '2026-01-01T00:00:00.000Z',
        rev: 3,
      },
      'Leo Lead',
    );
    expect(entry).toMatchObject({
      managers: ['owner', 'lead', 'steward'],
      viewers: ['viewer'],
      others: ['display', 'cal', 'scen'],
      product: ['B', 'A'],
      country: ['Spain'],
      kind: 'Global',
      global: 'true',
      platform: 'WebModel 2.0',
      studyNumber: 'MR-1',
      creatorName: 'Leo Lead',
      treeRootId: 'r',
      rev: 3,
    });
    expect(entry.deleted).toBeUndefined();
  });

  it('carries the file types the entry keeps; none for an entry without files; unknown for an older one with files', () => {
    const source = {
      uuid: 'u',
      name: 'N',
      status: 'DRAFT' as const,
      metadata: base,
      roles,
      createdBy: 'lead',
      createdOn: '2026-01-01T00:00:00.000Z',
      rev: 3,
    };
    expect(
      toCatalogueEntry({ ...source, fileCount: 2, fileTypes: ['Data', 'Model'] }, 'L').fileTypes,
    ).toEqual(['Data', 'Model']);
    expect(toCatalogueEntry({ ...source, fileCount: 0 }, 'L').fileTypes).toEqual([]);
    expect(toCatalogueEntry({ ...source, fileCount: 2 }, 'L')).not.toHaveProperty('fileTypes');
  });

  it('relates a steward who is no owner to a retired entry as a viewer, so the catalogue hides it (issue 21 §22)', () => {
    const source = {
      uuid: 'u',
      name: 'N',
      metadata: base,
      roles,
      createdBy: 'lead',
      createdOn: '2026-01-01T00:00:00.000Z',
      rev: 3,
    };
    const retired = toCatalogueEntry({ ...source, status: 'RETIRED' }, 'Leo Lead');
    expect([retired.managers, retired.viewers]).toEqual([
      ['owner', 'lead'],
      ['viewer', 'steward'],
    ]);
    const ownerSteward = toCatalogueEntry(
      { ...source, status: 'RETIRED', roles: { ...roles, owners: [...roles.owners, 'steward'] } },
      'Leo Lead',
    );
    expect([ownerSteward.managers, ownerSteward.viewers]).toEqual([['owner', 'lead', 'steward'], ['viewer']]);
  });
});

describe('the file rule (000 §6)', () => {
  const user = (id: string, userType: User['userType'] = 'INTERNALUSER') => ({ id, userType }) as User;
  const model = (global: 'true' | 'false') => ({ metadata: { global } }) as unknown as ModelRecord;
  const file = (over: Partial<ModelFileRecord>) =>
    ({ cdd: 'Yes', isPrivate: false, userAccess: [], owner: { id: 'owner' }, ...over }) as ModelFileRecord;

  it.each([
    ['a global model', user('v'), model('true'), file({}), true],
    ['cdd No', user('v'), model('false'), file({ cdd: 'No' }), true],
    ['cdd Yes without access', user('v'), model('false'), file({}), false],
    ['cdd Yes with access', user('v'), model('false'), file({ userAccess: ['v'] }), true],
    [
      'with access to a private file',
      user('v'),
      model('false'),
      file({ userAccess: ['v'], isPrivate: true }),
      false,
    ],
    ['the file owner', user('owner'), model('false'), file({ isPrivate: true }), true],
    ['a super user', user('a', 'SUPERUSER'), model('false'), file({}), true],
  ])('%s → %s', (_what, u, m, f, allowed) => {
    expect(mayReadFile(u, m, f)).toBe(allowed);
  });
});

describe('withStudyMetadata (study number auto-fill on the server)', () => {
  const studies = new Map([
    [
      'MR-1',
      {
        type: 'study_number' as const,
        value: 'MR-1',
        retired: false,
        usage: 0,
        metadata: { disease: 'Non-small cell lung cancer', product: ['Zentravimab'] },
      },
    ],
  ]);

  it('fills the assigned fields the client left empty when a known study is chosen', () => {
    const { disease: _d, product: _p, ...rest } = base;
    const filled = withStudyMetadata({ ...rest, study_number: 'MR-1' }, studies);
    expect([filled.disease, filled.product, filled.model_type]).toEqual([
      'Non-small cell lung cancer',
      ['Zentravimab'],
      'Markov Cohort Model',
    ]);
  });

  it('keeps what the client sent for a field the study assigns (the user chose it after the fill)', () => {
    const filled = withStudyMetadata({ ...base, study_number: 'MR-1' }, studies);
    expect([filled.disease, filled.product]).toEqual(['Melanoma', ['B', 'A']]);
  });

  it('leaves the fields alone when the study is unknown or unchanged since the last save', () => {
    expect(withStudyMetadata({ ...base, study_number: 'X-9' }, studies).disease).toBe('Melanoma');
    const kept = { ...base, study_number: 'MR-1' };
    expect(withStudyMetadata(kept, studies, kept).disease).toBe('Melanoma');
  });
});
