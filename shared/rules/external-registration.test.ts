import { describe, expect, it } from 'vitest';
import type { ExternalModelRole } from '../schemas/external-user';
import type { ExternalUserType } from '../schemas/user';
import {
  accessEndIssues,
  addMonths,
  allowedExternalRoles,
  defaultAccessEndsOn,
  type ExternalModelFacts,
  effectiveSubModelIds,
  endReminderDue,
  externalUserInfoIssues,
  EXTERNAL_REGISTRATION_MESSAGES as M,
  modelRefusal,
  modelSelectionIssues,
  needsSubModelStep,
} from './external-registration';

const DOMAINS = ['example.com', 'corp.example.com'];

describe('step 0: the user info rules (002 §5)', () => {
  it.each([
    [
      'a vendor with a numeric purchase order',
      { email: 'a@vendor.test', externalUserType: 'VENDOR', purchaseOrderId: '4711' },
      [],
    ],
    [
      'a vendor without a purchase order',
      { email: 'a@vendor.test', externalUserType: 'VENDOR' },
      [['purchaseOrderId', M.required]],
    ],
    [
      'a vendor with a blank purchase order',
      { email: 'a@vendor.test', externalUserType: 'VENDOR', purchaseOrderId: '  ' },
      [['purchaseOrderId', M.required]],
    ],
    [
      'a vendor with letters in the purchase order',
      { email: 'a@vendor.test', externalUserType: 'VENDOR', purchaseOrderId: 'PO-1' },
      [['purchaseOrderId', M.purchaseOrderNumeric]],
    ],
    [
      'an Other without request information',
      { email: 'a@x.test', externalUserType: 'OTHER' },
      [['requestInfo', M.required]],
    ],
    [
      'an Other with request information',
      { email: 'a@x.test', externalUserType: 'OTHER', requestInfo: 'Review' },
      [],
    ],
    ['an HTA representative', { email: 'a@hta.test', externalUserType: 'HTA' }, []],
    [
      'an address of the first company domain',
      { email: 'a@example.com', externalUserType: 'HTA' },
      [['email', M.companyDomain]],
    ],
    [
      'an address of the second company domain',
      { email: 'a@corp.example.com', externalUserType: 'HTA' },
      [['email', M.companyDomain]],
    ],
    [
      'an address of a sub-domain of a company domain',
      { email: 'a@eu.example.com', externalUserType: 'HTA' },
      [['email', M.companyDomain]],
    ],
    [
      'an address that only ends like a company domain',
      { email: 'a@notexample.com', externalUserType: 'HTA' },
      [],
    ],
  ] as const)('%s', (_name, info, expected) => {
    const issues = externalUserInfoIssues(info as Parameters<typeof externalUserInfoIssues>[0], DOMAINS);
    expect(issues.map((i) => [i.path, i.message])).toEqual(expected);
  });
});

const repo: ExternalModelFacts = {
  name: 'Repo model',
  platform: 'Model Repository',
  classification: 'Public',
  theorem: false,
};
const web: ExternalModelFacts = {
  name: 'Web model',
  platform: 'WebModel 2.0',
  classification: 'Proprietary',
  theorem: false,
};
const theorem: ExternalModelFacts = {
  name: 'Onc model',
  platform: 'Oncology',
  classification: 'Public',
  theorem: true,
};
const confidential: ExternalModelFacts = { ...web, name: 'Secret model', classification: 'Confidential' };

describe('step 1: which models an external user may get (002 §5)', () => {
  it.each([
    [repo, 'VENDOR', undefined],
    [web, 'VENDOR', undefined],
    [web, 'HTA', undefined],
    [repo, 'HTA', M.htaWebModelOnly],
    [theorem, 'VENDOR', 'External user access cannot be added as this is a Theorem model.'],
    [confidential, 'OTHER', 'External user access cannot be added as this is a sensitive model.'],
    [confidential, 'HTA', 'External user access cannot be added as this is a sensitive model.'],
  ] as const)('%o for %s', (model, type, expected) => {
    expect(modelRefusal(model, type)).toBe(expected);
  });
});

describe('step 2: allowed roles per platform and user type (002 §5)', () => {
  it.each([
    [repo, 'VENDOR', ['OWNER', 'VIEWER']],
    [repo, 'OTHER', ['OWNER', 'VIEWER']],
    [repo, 'HTA', []],
    [web, 'VENDOR', ['OWNER', 'VIEWER', 'CALIBRATORMODELER', 'SCENARIOMODELER', 'DISPLAYVIEWER']],
    [web, 'HTA', ['CALIBRATORMODELER', 'SCENARIOMODELER', 'DISPLAYVIEWER']],
  ] as const)('%o for %s', (model, type, expected) => {
    expect(allowedExternalRoles(model, type)).toEqual(expected);
  });

  it('refuses a Model Viewer role for an HTA representative and a modeler role on a repository model', () => {
    const issues = modelSelectionIssues(
      [
        { ...web, uuid: 'w', role: 'VIEWER' },
        { ...repo, uuid: 'r', role: 'SCENARIOMODELER' },
      ],
      'HTA',
    );
    expect(issues.map((i) => i.message)).toEqual([
      M.roleNotAllowed('Model Viewer', 'Web model'),
      M.htaWebModelOnly,
    ]);
    const vendor = modelSelectionIssues([{ ...repo, uuid: 'r', role: 'SCENARIOMODELER' }], 'VENDOR');
    expect(vendor.map((i) => i.message)).toEqual([M.roleNotAllowed('Scenario Modeler', 'Repo model')]);
  });

  it('needs at least one model and a role for each', () => {
    expect(modelSelectionIssues([], 'VENDOR').map((i) => i.message)).toEqual([M.noModel]);
    expect(modelSelectionIssues([{ ...repo, uuid: 'r' }], 'VENDOR').map((i) => i.message)).toEqual([
      M.roleMissing,
    ]);
  });

  it('keeps every role label within the 25 characters of 002 §9', () => {
    for (const role of [
      'OWNER',
      'VIEWER',
      'CALIBRATORMODELER',
      'SCENARIOMODELER',
      'DISPLAYVIEWER',
    ] as ExternalModelRole[]) {
      expect(modelSelectionIssues([{ ...web, uuid: 'w', role }], 'VENDOR' as ExternalUserType)).toEqual([]);
    }
  });
});

describe('step 3: sub-models (002 §2)', () => {
  it('is shown only when a WebModel 2.0 model is chosen', () => {
    expect(needsSubModelStep([repo])).toBe(false);
    expect(needsSubModelStep([repo, web])).toBe(true);
  });

  it('gives a Model Owner every sub-model and others only the known ones they chose', () => {
    expect(effectiveSubModelIds('OWNER', [], ['a', 'b'])).toEqual(['a', 'b']);
    expect(effectiveSubModelIds('SCENARIOMODELER', ['b', 'x', 'b'], ['a', 'b'])).toEqual(['b']);
  });

  it('refuses sub-models of another model or on a repository model', () => {
    const issues = modelSelectionIssues(
      [
        { ...web, uuid: 'w', role: 'SCENARIOMODELER', subModelIds: ['z'], allSubModelIds: ['a'] },
        { ...repo, uuid: 'r', role: 'VIEWER', subModelIds: ['a'] },
      ],
      'VENDOR',
    );
    expect(issues.map((i) => i.message)).toEqual([
      M.subModelUnknown('Web model'),
      M.subModelUnknown('Repo model'),
    ]);
  });
});

describe('the end of access (issue 20 §9)', () => {
  it('defaults to 12 months and clamps to the end of a shorter month', () => {
    expect(defaultAccessEndsOn('2026-03-15')).toBe('2027-03-15');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2027-02-28', 12)).toBe('2028-02-28');
  });

  it.each([
    ['2026-03-15', [M.endDatePast]],
    ['2026-03-16', []],
    ['2028-03-15', []],
    ['2028-03-16', [M.endDateTooFar]],
  ])('from 2026-03-15, a last day of %s gives %o', (day, expected) => {
    expect(accessEndIssues(day, '2026-03-15').map((i) => i.message)).toEqual(expected);
  });

  it('reminds once within the last 14 days', () => {
    expect(endReminderDue({ accessEndsOn: '2026-04-01' }, '2026-03-17')).toBe(false);
    expect(endReminderDue({ accessEndsOn: '2026-04-01' }, '2026-03-18')).toBe(true);
    expect(
      endReminderDue({ accessEndsOn: '2026-04-01', endReminderSentFor: '2026-04-01' }, '2026-03-20'),
    ).toBe(false);
    expect(
      endReminderDue({ accessEndsOn: '2026-05-01', endReminderSentFor: '2026-04-01' }, '2026-04-20'),
    ).toBe(true);
    expect(endReminderDue({ accessEndsOn: '2026-04-01' }, '2026-04-02')).toBe(false);
  });
});
