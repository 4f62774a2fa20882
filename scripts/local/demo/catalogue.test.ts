import { readFileSync } from 'node:fs';
import { fillFromStudy, invalidOptions, missingRequiredFields } from '@shared/rules/model-metadata';
import { nameKey, nameProblems } from '@shared/rules/model-name';
import { modelPermission } from '@shared/rules/model-permissions';
import { allMembers, normalizeRoles, type RoleUser, roleChangeProblems } from '@shared/rules/model-roles';
import { versionLineageProblem } from '@shared/rules/model-version';
import { ModelMetadataSchema, type ModelRoles, TOP_SENSITIVITY_CLASSIFICATION } from '@shared/schemas/model';
import { describe, expect, it } from 'vitest';
import { notificationRecipientIds } from '../../../functions/core/models/model-people';
import { SEED_VALUES, STUDIES } from '../../../functions/core/options/seed-values';
import { PERSONAS, personaByKey } from '../personas';
import {
  DEMO_ENTRIES,
  type DemoEntry,
  demoEntry,
  demoEntryName,
  SPOTLIGHT_KEYS,
  WALKTHROUGH,
  WALKTHROUGH_CONFIDENTIAL_FILE,
} from './catalogue';

/**
 * The demo catalogue must be accepted by the product's own rules as it stands: the seed runs the
 * real use cases, so an entry these rules refuse would only fail at `npm start`.
 */
const roleUsers = new Map<string, RoleUser>(
  PERSONAS.map((p) => [
    p.username,
    {
      id: p.username,
      userType: p.userType,
      ...(p.externalUserType ? { externalUserType: p.externalUserType } : {}),
    },
  ]),
);

/** The roles createModel stores: the creator joins the owners unless super user, lead or steward. */
function storedRoles(entry: DemoEntry): ModelRoles {
  const creator = personaByKey(entry.creator);
  const r = entry.roles;
  const joins =
    creator.userType !== 'SUPERUSER' && r.vestLead !== creator.username && r.steward !== creator.username;
  return normalizeRoles({ ...r, owners: joins ? [...new Set([...r.owners, creator.username])] : r.owners });
}

const optionLists = {
  ...SEED_VALUES,
  study_number: STUDIES.map((s) => s.value),
};

describe('demo catalogue', () => {
  it('holds about forty entries with unique keys and unique, valid names', () => {
    expect(DEMO_ENTRIES.length).toBeGreaterThanOrEqual(38);
    expect(DEMO_ENTRIES.length).toBeLessThanOrEqual(45);
    expect(new Set(DEMO_ENTRIES.map((e) => e.key)).size).toBe(DEMO_ENTRIES.length);
    expect(new Set(DEMO_ENTRIES.map((e) => nameKey(demoEntryName(e)))).size).toBe(DEMO_ENTRIES.length);
    for (const entry of DEMO_ENTRIES) expect(nameProblems(entry.metadata), entry.key).toEqual([]);
  });

  it('uses only seeded option values and fills every required field the wizard asks for', () => {
    for (const entry of DEMO_ENTRIES) {
      const m = ModelMetadataSchema.parse(entry.metadata);
      expect(invalidOptions(m, optionLists), entry.key).toEqual([]);
      // The steward's isid and e-mail come from the Model Steward role, on the server.
      const missing = missingRequiredFields(m).filter(
        (f) => f !== 'isid_of_model_steward' && f !== 'email_for_model_steward',
      );
      expect(missing, entry.key).toEqual([]);
    }
  });

  it('gives entries with a trial number exactly the metadata the trial assigns, so names are known', () => {
    for (const entry of DEMO_ENTRIES.filter((e) => e.metadata.study_number)) {
      const study = STUDIES.find((s) => s.value === entry.metadata.study_number);
      expect(study, entry.key).toBeDefined();
      const filled = fillFromStudy(entry.metadata, study?.value ?? '', study?.metadata ?? {});
      expect(demoEntryName({ ...entry, metadata: filled }), entry.key).toBe(demoEntryName(entry));
      expect(filled, entry.key).toEqual(entry.metadata);
    }
  });

  it('names roles the role rules accept, with external users only where they are allowed', () => {
    for (const entry of DEMO_ENTRIES) {
      const roles = storedRoles(entry);
      const problems = roleChangeProblems({
        before: undefined,
        after: roles,
        actor: roleUsers.get(entry.creator) as RoleUser,
        users: roleUsers,
        model: {
          theorem: entry.metadata.platform === 'Oncology',
          topSensitivity: entry.metadata.information_classification === TOP_SENSITIVITY_CLASSIFICATION,
          platform: entry.metadata.platform,
        },
      });
      expect(problems, entry.key).toEqual([]);
      expect(allMembers(roles).has('employee'), `${entry.key}: employee holds no role`).toBe(false);
      expect(allMembers(roles).has('inactive'), entry.key).toBe(false);
    }
  });

  it('covers every platform, status and classification and many therapeutic areas', () => {
    const values = (pick: (e: DemoEntry) => string | undefined) => new Set(DEMO_ENTRIES.map(pick));
    expect(values((e) => e.metadata.platform)).toEqual(
      new Set(['Model Repository', 'WebModel 2.0', 'Oncology', 'Pneumococcal Vaccines']),
    );
    expect(values((e) => e.status)).toEqual(new Set(['DRAFT', 'PUBLISHED', 'RETIRED']));
    expect(values((e) => e.metadata.information_classification)).toEqual(
      new Set(['Public', 'Proprietary', 'Sensitive', 'Confidential']),
    );
    expect(values((e) => e.metadata.therapeutic_area).size).toBeGreaterThanOrEqual(10);
    expect(values((e) => e.metadata.type)).toEqual(
      new Set(['Global', 'Country Adaptation', 'Global + Country Adaptation']),
    );
  });

  it('asks nothing of an entry that its platform or status forbids', () => {
    for (const entry of DEMO_ENTRIES) {
      const platform = entry.metadata.platform;
      // PNEU-insights entries are read-only: their files come with the creation only.
      if (platform === 'Pneumococcal Vaccines') {
        expect(entry.extraFiles ?? [], entry.key).toEqual([]);
        expect(entry.revisedWorkbook, entry.key).toBeFalsy();
      }
      if (entry.theoremAccess) expect(platform, entry.key).toBe('Oncology');
      if (entry.status === 'RETIRED') expect(entry.retireReason, entry.key).toBeTruthy();
      for (const extra of entry.extraFiles ?? []) {
        // cdd 'Yes' restricts downloads on country entries only (000 §6).
        if (extra.confidential) expect(entry.metadata.global, entry.key).toBe('false');
        if (extra.kind === 'data-cut') expect(platform, entry.key).toBe('Oncology');
        for (const grantee of extra.shareWith ?? []) {
          const persona = personaByKey(grantee);
          expect(persona.userType, `${entry.key}: file access for internal users`).toBe('INTERNALUSER');
          expect(grantee, `${entry.key}: the creator owns the file`).not.toBe(entry.creator);
        }
      }
    }
  });

  it('lists each parent before its children, with a version the lineage rules accept', () => {
    DEMO_ENTRIES.forEach((entry, index) => {
      if (!entry.parent) return;
      const parentIndex = DEMO_ENTRIES.findIndex((e) => e.key === entry.parent);
      expect(parentIndex, entry.key).toBeGreaterThanOrEqual(0);
      expect(parentIndex, entry.key).toBeLessThan(index);
      const parent = DEMO_ENTRIES[parentIndex] as DemoEntry;
      expect(parent.status, entry.key).not.toBe('RETIRED');
      expect(SPOTLIGHT_KEYS.includes(parent.key), `${entry.key}: parent created in the first phase`).toBe(
        false,
      );
      expect(
        versionLineageProblem({ metadata: entry.metadata, parent: parent.metadata }),
        entry.key,
      ).toBeUndefined();
      // The creator must see the parent to link under it.
      const creator = personaByKey(entry.creator);
      const sees = modelPermission(
        'view',
        { id: creator.username, userType: creator.userType },
        { status: 'DRAFT', roles: storedRoles(parent) },
      );
      expect(sees, entry.key).toBe('allowed');
    });
  });

  it('never notifies the HTA user, whose empty bell a browser test expects', () => {
    for (const entry of DEMO_ENTRIES.filter((e) => e.notify)) {
      expect(notificationRecipientIds(storedRoles(entry)), entry.key).not.toContain('hta');
    }
  });

  it('has walkthrough entries that fit the README steps', () => {
    const people = (e: DemoEntry) => storedRoles(e);
    const step1 = demoEntry(WALKTHROUGH.filesAndNotify);
    expect(step1).toMatchObject({ status: 'PUBLISHED', revisedWorkbook: true });
    expect(step1.metadata.platform).toBe('Model Repository');
    expect(step1.metadata.global).toBe('false');
    expect(people(step1).owners).toContain('owner');
    expect(people(step1).viewers).toContain('viewer');

    const step2 = demoEntry(WALKTHROUGH.confidentialFile);
    expect(step2).toMatchObject({ status: 'PUBLISHED', creator: 'owner' });
    expect(step2.metadata).toMatchObject({
      platform: 'Model Repository',
      global: 'false',
      country: ['Germany'],
    });
    expect(people(step2).viewers).toContain('viewer');
    expect(step2.extraFiles).toContainEqual(
      expect.objectContaining({ kind: 'net-prices', confidential: true }),
    );
    expect(WALKTHROUGH_CONFIDENTIAL_FILE).toBe('net_prices_germany.csv');

    const step3 = demoEntry(WALKTHROUGH.requestAccess);
    expect(step3.status).toBe('PUBLISHED');
    expect(step3.metadata.platform).toBe('Model Repository');
    expect(allMembers(people(step3)).has('employee')).toBe(false);
    expect(SPOTLIGHT_KEYS.every((k) => DEMO_ENTRIES.some((e) => e.key === k))).toBe(true);
  });

  it('is named in the README walkthrough', () => {
    // Names are long: the README wraps them, so compare with the line breaks folded.
    const readme = readFileSync('README.md', 'utf8').replace(/\s+/g, ' ');
    for (const key of Object.values(WALKTHROUGH))
      expect(readme, key).toContain(demoEntryName(demoEntry(key)));
    expect(readme).toContain(WALKTHROUGH_CONFIDENTIAL_FILE);
  });
});
