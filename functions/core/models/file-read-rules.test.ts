import { MESSAGES } from '@shared/messages';
import type { TheoremFlags } from '@shared/schemas/model';
import type { User } from '@shared/schemas/user';
import { describe, expect, it } from 'vitest';
import type { ModelFileRecord } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import { person, rolesOf } from '../../testing/people';
import {
  ENTRY_FILES_NOT_READABLE,
  FILE_NOT_READABLE,
  FILE_PRIVATE,
  fileDownloadDecision,
  theoremMissing,
} from './file-read-rules';

const roles = rolesOf({ owners: ['creator'], viewers: ['viewer'], calibrationModelers: ['modeler'] });
const all: TheoremFlags = {
  model_access: 'true',
  allow_access: 'true',
  data_cut_access: 'true',
  country_access: 'true',
};
const model = (metadata: Record<string, unknown>, over: Partial<ModelRecord> = {}): ModelRecord =>
  ({
    uuid: '11111111-1111-4111-8111-111111111111',
    name: 'Entry',
    status: 'PUBLISHED',
    metadata,
    roles,
    createdBy: 'creator',
    ...over,
  }) as ModelRecord;
const file = (over: Partial<ModelFileRecord> = {}): ModelFileRecord =>
  ({
    uuid: '22222222-2222-4222-8222-222222222222',
    name: 'data.xlsx',
    path: '',
    folder: false,
    owner: { id: 'lead', firstName: 'lead', lastName: 'Test' },
    isPrivate: false,
    cdd: 'No',
    userAccess: [],
    ...over,
  }) as ModelFileRecord;

const globalEntry = model({ global: 'true' });
const theoremGlobal = model({ global: 'true', platform: 'Oncology' });
const decide = (who: User, m: ModelRecord, f = file()) => {
  const d = fileDownloadDecision(who, m, f);
  return d.allowed ? 'allowed' : `${d.refusal}: ${d.message}`;
};

describe('the one download decision (fileDownloadDecision)', () => {
  it('refuses a preview-only user the files of an entry, naming model access, even where the file rule would allow', () => {
    expect(decide(person('employee'), globalEntry)).toBe(`entry: ${ENTRY_FILES_NOT_READABLE}`);
    expect(decide(person('modeler'), globalEntry)).toBe(`entry: ${ENTRY_FILES_NOT_READABLE}`);
    expect(decide(person('viewer'), globalEntry)).toBe('allowed');
  });

  it('applies the file rule to readers of the entry', () => {
    const local = model({ global: 'false' });
    expect(decide(person('viewer'), local, file({ cdd: 'Yes' }))).toBe(`file: ${FILE_NOT_READABLE}`);
    expect(decide(person('viewer'), local, file({ cdd: 'Yes', userAccess: ['viewer'] }))).toBe('allowed');
    // Private: managed by its owner, even for those it is shared with; nothing to request (issue 21 §21).
    expect(
      decide(person('viewer'), local, file({ cdd: 'Yes', isPrivate: true, userAccess: ['viewer'] })),
    ).toBe(`private: ${FILE_PRIVATE}`);
  });

  it('lets the owners of a THEOREM entry and the owner of a file read the files without THEOREM flags', () => {
    for (const manager of ['creator', 'lead', 'steward']) {
      expect(
        decide(
          person(manager),
          theoremGlobal,
          file({ owner: { id: 'other', firstName: 'o', lastName: 'T' } }),
        ),
      ).toBe('allowed');
      expect(theoremMissing(person(manager), theoremGlobal)).toEqual([]);
    }
    const viewerOwned = file({ owner: { id: 'viewer', firstName: 'v', lastName: 'T' } });
    expect(decide(person('viewer'), theoremGlobal, viewerOwned)).toBe('allowed');
  });

  it('asks anyone else on a THEOREM entry for the flags before the file rule, naming the missing ones', () => {
    const missing = MESSAGES.theoremMissingAccess(['Trail', 'Database Lock', 'Country']);
    expect(decide(person('viewer'), theoremGlobal)).toBe(`theorem: ${missing}`);
    const local = model({ global: 'false', platform: 'Oncology' });
    expect(decide(person('viewer'), local, file({ cdd: 'Yes' }))).toBe(`theorem: ${missing}`);
    const flagged = model(
      { global: 'false', platform: 'Oncology' },
      { theoremAccess: { viewer: { ...all, country_access: 'false' } } },
    );
    expect(decide(person('viewer'), flagged)).toBe(`theorem: ${MESSAGES.theoremMissingAccess(['Country'])}`);
    expect(decide(person('viewer'), flagged, file({ cdd: 'Yes' })).startsWith('theorem:')).toBe(true);
    expect(decide(person('admin', 'SUPERUSER'), theoremGlobal)).toBe('allowed');
  });
});
