import { describe, expect, it } from 'vitest';
import type { ModelRoles } from '../schemas/model';
import { sourceControlBrowse, sourceControlSave } from './source-control-permissions';

const roles: ModelRoles = {
  vestLead: 'lead',
  steward: 'steward',
  owners: ['owner'],
  viewers: ['viewer'],
  calibrationModelers: [],
  scenarioModelers: [],
  displayViewers: [],
};
const model = { status: 'PUBLISHED' as const, roles };
const link = { project: 'HEOR', repository: 'cea-model' };
const target = { project: 'HEOR', repo: 'cea-model' };
const internal = (id: string) => ({ id, userType: 'INTERNALUSER' as const });

describe('source-control permissions', () => {
  it.each([
    ['INTERNALUSER', 'allowed'],
    ['SUPERUSER', 'allowed'],
    ['EXTERNALUSER', 'disallowed'],
  ] as const)('browse: %s → %s', (userType, outcome) => {
    expect(sourceControlBrowse(userType)).toBe(outcome);
  });

  it.each([
    ['owner', 'allowed'],
    ['lead', 'allowed'],
    ['steward', 'allowed'],
    ['viewer', 'disallowed'],
    ['stranger', 'disallowed'],
  ])('save on the linked repository: %s → %s', (id, outcome) => {
    expect(sourceControlSave(internal(id), model, link, target)).toBe(outcome);
  });

  it('refuses a save to a repository the entry is not linked to, on a retired entry, and by an external owner', () => {
    expect(sourceControlSave(internal('owner'), model, link, { project: 'HEOR', repo: 'other' })).toBe(
      'forbidden',
    );
    expect(sourceControlSave(internal('owner'), model, {}, target)).toBe('forbidden');
    expect(sourceControlSave(internal('owner'), { ...model, status: 'RETIRED' }, link, target)).toBe(
      'forbidden',
    );
    expect(sourceControlSave({ id: 'owner', userType: 'EXTERNALUSER' }, model, link, target)).toBe(
      'disallowed',
    );
    expect(sourceControlSave({ id: 'admin', userType: 'SUPERUSER' }, model, link, target)).toBe('allowed');
  });
});
