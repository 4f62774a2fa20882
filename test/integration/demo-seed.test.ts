import { modelPermission } from '@shared/rules/model-permissions';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ENTRIES,
  type DemoEntry,
  demoEntry,
  demoEntryName,
  WALKTHROUGH,
  WALKTHROUGH_CONFIDENTIAL_FILE,
} from '../../scripts/local/demo/catalogue';
import { WORKBOOK_NAME } from '../../scripts/local/demo/files';
import { type DemoSeedResult, seedDemoCatalogue } from '../../scripts/local/demo/seed-demo';
import { CEA_WORKBOOK } from '../../scripts/local/demo/version-workbooks';
import { DEMO_CHAINS, demoChainVersions } from '../../scripts/local/demo/versions';
import { applyHandlerEnv, handlerEnv } from '../../scripts/local/env';
import { personaByKey } from '../../scripts/local/personas';
import { localCloud } from '../support/local-cloud';
import { call, type Json, queryPartition } from './catalogue-helpers';
import { filesByName, footprint } from './files-helpers';

/**
 * The demo catalogue that `npm start` seeds, run against the test cloud (which starts without it)
 * the way start.ts runs it: in this process, through the use cases. Against a cloud that has the demo
 * already (`start.ts --test --demo`) the first run finds every entry. Safe next to the other tests:
 * they find their data by their own unique names and trial numbers, and the demo never notifies
 * `hta`, whose empty bell a browser test checks. Run twice: the second run must add nothing.
 */
const accepted = { legalNoticeAccepted: true };
const uuidOf = (key: string) => first.uuids[key] as string;
const fileUrl = (uuid: string, file: Json, tail = '') => `/v2/models/${uuid}/files/${file.uuid}${tail}`;

let first: DemoSeedResult;
let second: DemoSeedResult;
let footprintsBefore: unknown[];
let footprintsAfter: unknown[];

beforeAll(async () => {
  applyHandlerEnv(handlerEnv(localCloud()));
  // The first run creates the entries (or finds them, when this cloud has the demo already).
  first = await seedDemoCatalogue({
    log: (line) => console.log(`[demo] ${new Date().toISOString()} ${line}`),
  });
  const uuids = DEMO_ENTRIES.map((e) => first.uuids[e.key] ?? '');
  footprintsBefore = await Promise.all(uuids.map(footprint));
  second = await seedDemoCatalogue();
  footprintsAfter = await Promise.all(uuids.map(footprint));
}, 600_000);

async function detailAs(persona: string, uuid: string) {
  return call(persona, 'GET', `/v2/models/${uuid}`);
}

describe('demo catalogue seed', () => {
  it('creates every entry once under its generated name; a second run adds and changes nothing', async () => {
    expect(Object.keys(first.uuids).sort()).toEqual(DEMO_ENTRIES.map((e) => e.key).sort());
    expect(second.added).toEqual({
      entries: 0,
      versions: 0,
      'sub-models': 0,
      runs: 0,
      incidents: 0,
      usage: 0,
      'external-users': 0,
      'source control': 0,
    });
    expect(second.uuids).toEqual(first.uuids);
    expect(footprintsAfter).toEqual(footprintsBefore);
    const details = await Promise.all(DEMO_ENTRIES.map((e) => detailAs('admin', uuidOf(e.key))));
    DEMO_ENTRIES.forEach((entry, i) => {
      expect(details[i]?.status, entry.key).toBe(200);
      expect(details[i]?.body, entry.key).toMatchObject({ name: demoEntryName(entry), status: entry.status });
      // The computing models carry their own model directory (model-runs.ts), the others the standard set.
      expect(details[i]?.body.fileCount, entry.key).toBeGreaterThanOrEqual(entry.modelDir ? 3 : 8);
    });
  });

  it('shows each persona exactly the entries its roles allow, as the permission rules say', async () => {
    const admin = await Promise.all(DEMO_ENTRIES.map((e) => detailAs('admin', uuidOf(e.key))));
    const visible: Record<string, string[]> = {};
    for (const persona of ['owner', 'viewer', 'modeler', 'employee', 'vendor', 'hta']) {
      const user = personaByKey(persona);
      const answers = await Promise.all(DEMO_ENTRIES.map((e) => detailAs(persona, uuidOf(e.key))));
      visible[persona] = [];
      DEMO_ENTRIES.forEach((entry, i) => {
        const stored = admin[i]?.body;
        const model = { status: stored.status, roles: stored.roles, platform: stored.metadata.platform };
        const who = { id: user.username, userType: user.userType };
        const sees =
          modelPermission('view', who, model) === 'allowed' ||
          modelPermission('preview', who, model) === 'allowed';
        expect(answers[i]?.status, `${persona} on ${entry.key}`).toBe(sees ? 200 : 404);
        if (answers[i]?.body?.permissions?.view === 'allowed') visible[persona]?.push(entry.key);
      });
    }
    const published = DEMO_ENTRIES.filter((e) => e.status === 'PUBLISHED').length;
    expect(visible.viewer?.length).toBeGreaterThanOrEqual(25);
    expect(visible.owner?.length).toBeGreaterThanOrEqual(30);
    expect(visible.employee).toEqual([]);
    expect(visible.hta?.sort()).toEqual(['dia-t2dm-ipm-global', 'vac-hpv-dtm-anz']);
    expect(visible.vendor?.length).toBe(6);
    expect(visible.modeler?.length).toBe(10);
    const previews = await call('employee', 'GET', '/v2/models?search=US%20payer%20perspective&pageSize=10');
    expect(previews.body.items.map((i: Json) => i.uuid)).toEqual([
      uuidOf(WALKTHROUGH.filesAndNotify),
      uuidOf('resp-cough-bim-us'),
    ]);
    expect(previews.body.items.every((i: Json) => i.previewOnly)).toBe(true);
    expect(published).toBeGreaterThanOrEqual(25);
  });

  it('serves step 1: the workbook with its formulas and two versions, and the scripts', async () => {
    const uuid = uuidOf(WALKTHROUGH.filesAndNotify);
    const owner = await detailAs('owner', uuid);
    expect(owner.body.permissions).toMatchObject({ edit: 'allowed', view: 'allowed' });
    const files = await filesByName('viewer', uuid);
    expect([...files.keys()].sort()).toEqual(
      [
        'CHANGELOG.md',
        'budget_impact_model.xlsx',
        'budget_inputs.csv',
        'markov_cohort.py',
        'markov_inputs.csv',
        'partitioned_survival.R',
        'survival_inputs.csv',
        'technical_report.md',
      ].sort(),
    );
    const workbookNode = files.get(WORKBOOK_NAME);
    expect(workbookNode).toMatchObject({ mainFile: true, versionCount: 1, callerAccess: { download: true } });
    const history = await call('viewer', 'GET', fileUrl(uuid, workbookNode, '/history'));
    expect(history.body.items).toHaveLength(2);

    const link = await call('viewer', 'POST', fileUrl(uuid, workbookNode, '/download'), accepted);
    expect(link.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await (await fetch(link.body.url)).arrayBuffer());
    expect(wb.worksheets.map((w) => w.name)).toContain('Budget Impact');
    expect(wb.getWorksheet('Budget Impact')?.getCell('F2').formula).toBe('E2-D2');
    expect(wb.getWorksheet('Summary')?.getCell('B2').formula).toBe('TotalBudgetImpact');
    expect(Number(wb.getWorksheet('Summary')?.getCell('B2').result)).toBeGreaterThan(0);

    const script = await call(
      'viewer',
      'POST',
      fileUrl(uuid, files.get('markov_cohort.py'), '/download'),
      accepted,
    );
    expect(await (await fetch(script.body.url)).text()).toContain('def run_arm(');
  });

  it('serves step 2: the net price list is confidential, shared with the lead; the rebates are private', async () => {
    const uuid = uuidOf(WALKTHROUGH.confidentialFile);
    const asViewer = await filesByName('viewer', uuid);
    expect(asViewer.get(WALKTHROUGH_CONFIDENTIAL_FILE)).toMatchObject({
      cdd: 'Yes',
      callerAccess: { download: false, requestAccess: true },
    });
    expect(asViewer.get('technical_report.md').callerAccess.download).toBe(true);
    const refused = await call(
      'viewer',
      'POST',
      fileUrl(uuid, asViewer.get(WALKTHROUGH_CONFIDENTIAL_FILE), '/download'),
      accepted,
    );
    expect(refused.status).toBe(403);

    const asLead = await filesByName('lead', uuid);
    expect(asLead.get(WALKTHROUGH_CONFIDENTIAL_FILE).callerAccess.download).toBe(true);
    expect(asLead.get('rebate_agreement_germany.csv')).toMatchObject({
      isPrivate: true,
      callerAccess: { download: false },
    });
    const asOwner = await filesByName('owner', uuid);
    expect(asOwner.get('rebate_agreement_germany.csv').callerAccess).toMatchObject({
      download: true,
      manage: true,
    });
    const access = await call(
      'owner',
      'GET',
      fileUrl(uuid, asOwner.get(WALKTHROUGH_CONFIDENTIAL_FILE), '/access'),
    );
    expect(access.body.sharedWith.map((u: Json) => u.id)).toEqual(['lead']);
  });

  it('leaves step 3 to the employee: a preview with Request Access', async () => {
    const detail = await detailAs('employee', uuidOf(WALKTHROUGH.requestAccess));
    expect(detail.status).toBe(200);
    expect(detail.body.permissions).toMatchObject({
      view: 'disallowed',
      preview: 'allowed',
      requestAccess: 'allowed',
    });
  });

  it("notifies the entries' users of the new versions and file changes, never the HTA user", async () => {
    const notes = (await call('viewer', 'GET', '/v2/notifications?limit=100')).body.items as Json[];
    expect(notes).toContainEqual(
      expect.objectContaining({
        modelUuid: uuidOf(WALKTHROUGH.filesAndNotify),
        notificationAction: 'NEW_MODEL_VERSION',
      }),
    );
    expect(notes).toContainEqual(
      expect.objectContaining({
        modelUuid: uuidOf(WALKTHROUGH.confidentialFile),
        notificationAction: 'FILES_MODIFIED',
      }),
    );
    const demoUuids = new Set(Object.values(first.uuids));
    const hta = (await call('hta', 'GET', '/v2/notifications?limit=100')).body.items as Json[];
    expect(hta.filter((n) => demoUuids.has(n.modelUuid))).toEqual([]);
  });

  it("changes the Melanoma lineage's workbook from version to version, continuing its history", async () => {
    const chain = DEMO_CHAINS.find((c) => c.base === 'onc-melanoma-markov-global');
    if (!chain) throw new Error('No Melanoma chain');
    const lineage = [uuidOf(chain.base), ...(await demoChainVersions(chain, uuidOf(chain.base)))];
    expect(lineage).toHaveLength(4); // 1.0, 1.1, 2.0, 2.1
    const workbookPair = async (from: string, to: string) => {
      const compared = await call('owner', 'GET', `/v2/models/${from}/compare/${to}`);
      expect(compared.status).toBe(200);
      return (compared.body.pairs as Json[]).find(
        (p) =>
          (p.otherFile ?? p.file)?.name === CEA_WORKBOOK.name &&
          (p.otherFile ?? p.file)?.path === CEA_WORKBOOK.path,
      );
    };
    // 1.1 adds the workbook; 2.0 and 2.1 save a new version of the file carried over from the parent.
    expect(await workbookPair(lineage[0] as string, lineage[1] as string)).toMatchObject({
      status: 'added',
      kind: 'spreadsheet',
    });
    for (const [from, to] of [
      [lineage[1], lineage[2]],
      [lineage[2], lineage[3]],
    ]) {
      expect(await workbookPair(from as string, to as string)).toMatchObject({
        status: 'changed',
        kind: 'spreadsheet',
        pairedBy: 'history',
        diffable: true,
      });
    }
  });

  it('gives THEOREM entries dated data cuts that the flagged viewer may download', async () => {
    const uuid = uuidOf('onc-nsclc-psm-global-v2');
    const files = await filesByName('viewer', uuid);
    const cut = files.get('ia2_km_curves.csv');
    expect(cut).toMatchObject({ asOfDate: '2024-01-31', callerAccess: { download: true } });
    expect((await call('viewer', 'POST', fileUrl(uuid, cut, '/download'), accepted)).status).toBe(200);
    // Read-only for a manager without THEOREM model access (the lead); the owner holds it.
    expect((await detailAs('lead', uuid)).body.permissions.edit).toBe('forbidden');
    expect((await detailAs('owner', uuid)).body.permissions.edit).toBe('allowed');
  });

  it('keeps retired entries for their managers only', async () => {
    const retired = DEMO_ENTRIES.filter((e: DemoEntry) => e.status === 'RETIRED');
    expect(retired.length).toBeGreaterThanOrEqual(3);
    for (const entry of retired) {
      expect((await detailAs('owner', uuidOf(entry.key))).body.retireReason, entry.key).toBe(
        entry.retireReason,
      );
      expect((await detailAs('viewer', uuidOf(entry.key))).status, entry.key).toBe(404);
    }
    expect(demoEntry('onc-chl-psm').status).toBe('RETIRED');
  });
});

describe('demo sub-models (issue 10)', () => {
  const webModel = DEMO_ENTRIES.filter(
    (e) => e.metadata.platform === 'WebModel 2.0' && e.status !== 'RETIRED' && !e.modelDir,
  );

  it('gives every WebModel 2.0 entry a calibration, a scenario and a display sub-model with instances and a group', async () => {
    expect(webModel.length).toBeGreaterThan(0);
    for (const entry of webModel) {
      const uuid = uuidOf(entry.key);
      const listed = await call('lead', 'GET', `/v2/models/${uuid}/sub-models`);
      expect(listed.status, entry.key).toBe(200);
      const byType = Object.fromEntries((listed.body.items as Json[]).map((s) => [s.type, s]));
      expect(Object.keys(byType).sort(), entry.key).toEqual(['calibration', 'display', 'scenario']);
      const instances = await call('lead', 'GET', `/v2/models/${uuid}/instances?pageSize=100`);
      expect(instances.status, entry.key).toBe(200);
      const names = (instances.body.items as Json[]).map((i) => i.name).sort();
      expect(names, entry.key).toEqual([
        'Base case',
        'Calibration run 1',
        'Higher vaccine uptake',
        'Lower price',
      ]);
      expect(new Set((instances.body.items as Json[]).map((i) => i.createdBy)), entry.key).toEqual(
        new Set(['lead', 'modeler', 'owner']),
      );
      const groups = await call('lead', 'GET', `/v2/models/${uuid}/groups?subModelId=${byType.scenario.id}`);
      expect(
        (groups.body.items as Json[]).map((g) => [g.name, g.scenarioIds.length]),
        entry.key,
      ).toEqual([['Sensitivity analyses', 2]]);
    }
  });

  it('shows the Basic viewer fewer parameters of the shared base case than the Expert modeler', async () => {
    const uuid = uuidOf(webModel[0]?.key ?? '');
    const instances = await call('lead', 'GET', `/v2/models/${uuid}/instances?pageSize=100`);
    const base = (instances.body.items as Json[]).find((i) => i.name === 'Base case');
    const asViewer = await call('viewer', 'GET', `/v2/models/${uuid}/instances/${base.id}`);
    const asModeler = await call('modeler', 'GET', `/v2/models/${uuid}/instances/${base.id}`);
    expect([asViewer.status, asModeler.status]).toEqual([200, 200]);
    const viewerKeys = Object.keys(JSON.parse(asViewer.body.input.value));
    const modelerKeys = Object.keys(JSON.parse(asModeler.body.input.value));
    expect(viewerKeys.length).toBeGreaterThan(0);
    expect(modelerKeys.length).toBeGreaterThan(viewerKeys.length);
    expect(asViewer.body.sharedWith.map((s: Json) => s.userId ?? s.id)).toContain('viewer');
  });
});

describe('demo models that compute (issue 11)', () => {
  const computing = DEMO_ENTRIES.filter((e) => e.modelDir);
  const instancesOf = async (uuid: string) =>
    (await call('lead', 'GET', `/v2/models/${uuid}/instances?pageSize=100`)).body.items as Json[];

  it('seeds an R Markov cohort and a Python partitioned survival model, published, and an Excel budget impact draft on WebModel 2.0', async () => {
    expect(computing.map((e) => e.modelDir).sort()).toEqual([
      'budget-impact-excel',
      'markov-cohort-r',
      'partitioned-survival-python',
    ]);
    for (const entry of computing) {
      const detail = await detailAs('lead', uuidOf(entry.key));
      expect(detail.body, entry.key).toMatchObject({
        // The Excel entry is a draft, where a file change outdates its runs (README step 5).
        status: entry.key === 'demo-run-bim-excel' ? 'DRAFT' : 'PUBLISHED',
        metadata: { platform: 'WebModel 2.0' },
      });
    }
    expect(demoEntryName(demoEntry('demo-run-markov-r'))).toMatch(
      /R 3-state Markov cohort cost-effectiveness/,
    );
    expect(demoEntryName(demoEntry('demo-run-psm-python'))).toMatch(/Python partitioned survival/);
    expect(demoEntryName(demoEntry('demo-run-bim-excel'))).toMatch(/Excel five-year budget impact workbook/);
  });

  it("gives each a scenario sub-model with the model's input definition, the Python one a calibration and a display, the R one a display", async () => {
    const types: Record<string, string[]> = {};
    for (const entry of computing) {
      const listed = await call('lead', 'GET', `/v2/models/${uuidOf(entry.key)}/sub-models`);
      types[entry.key] = (listed.body.items as Json[]).map((s) => s.type).sort();
    }
    expect(types).toEqual({
      'demo-run-markov-r': ['display', 'scenario'],
      'demo-run-psm-python': ['calibration', 'display', 'scenario'],
      'demo-run-bim-excel': ['scenario'],
    });
  });

  it('runs the scenarios to COMPLETED with real results: the R model reports its ICER', async () => {
    for (const entry of computing) {
      const instances = await instancesOf(uuidOf(entry.key));
      const scenarios = instances.filter((i) => i.type === 'scenario');
      expect(scenarios.length, entry.key).toBeGreaterThanOrEqual(2);
      for (const i of scenarios) expect(i.status, `${entry.key} ${i.name}`).toBe('COMPLETED');
    }
    const uuid = uuidOf('demo-run-markov-r');
    const base = (await instancesOf(uuid)).find((i) => i.name === 'Base case');
    const result = await call('lead', 'GET', `/v2/models/${uuid}/instances/${base.id}/result`);
    expect(result.status).toBe(200);
    expect(result.body.result.kind).toBe('visualization');
    expect(JSON.stringify(result.body.result.result)).toContain('ICER');
    // Values above the default expertise level were saved (the lead is Expert on these entries).
    const discounted = (await instancesOf(uuid)).find((i) => i.name === 'Discount rates 1.5%');
    const values = await call('lead', 'GET', `/v2/models/${uuid}/instances/${discounted.id}`);
    expect(JSON.parse(values.body.input.value)).toMatchObject({
      discount_rate_costs: 0.015,
      discount_rate_qalys: 0.015,
    });
  });

  it('calibrates the Python model to its Kaplan-Meier sample, runs the scenarios with it and compares them in an analysis, saved and shared with the viewer', async () => {
    const uuid = uuidOf('demo-run-psm-python');
    const instances = await instancesOf(uuid);
    const calibration = instances.find((i) => i.type === 'calibration');
    expect(calibration?.status).toBe('ACCEPTED');
    const record = await call('lead', 'GET', `/v2/models/${uuid}/instances/${calibration?.id}/record`);
    expect(record.body.record.parameterFiles.map((f: Json) => f.path)).toEqual([
      'survival_data/km_comparator.csv',
    ]);
    const scenarios = instances.filter((i) => i.type === 'scenario');
    expect(scenarios.map((i) => i.scenarioId)).toEqual(scenarios.map(() => calibration?.id));
    const base = scenarios.find((i) => i.name === 'Base case');
    const baseResult = await call('lead', 'GET', `/v2/models/${uuid}/instances/${base?.id}/result`);
    const titles = (baseResult.body.result.result.elements as Json[]).map((e) => e.options?.title ?? e.title);
    expect(titles).toContain('Calibrated parameters');

    // The analysis ran hidden, then was saved under a name (issue 19): no hidden one is left.
    const hidden = await call('lead', 'GET', `/v2/models/${uuid}/instances?hidden=true&pageSize=100`);
    expect(hidden.body.items).toEqual([]);
    const [analysis, ...more] = instances.filter((i) => i.type === 'display');
    expect(more).toEqual([]);
    expect(analysis).toMatchObject({
      type: 'display',
      status: 'COMPLETED',
      hidden: false,
      name: 'Survival scenarios compared',
    });
    // The viewer finds it among the saved analyses, shared with them.
    const saved = await call(
      'viewer',
      'GET',
      `/v2/models/${uuid}/instances?executionSetupId=${analysis.executionSetupId}`,
    );
    expect(saved.body.items).toEqual([expect.objectContaining({ id: analysis.id, shared: true })]);
    const detail = await call('lead', 'GET', `/v2/models/${uuid}/instances/${analysis.id}`);
    expect(detail.body.displayScenarios.map((d: Json) => d.id).sort()).toEqual(
      scenarios.map((i) => i.id).sort(),
    );
    const shown = await call('lead', 'GET', `/v2/models/${uuid}/instances/${analysis.id}/result`);
    const elements = shown.body.result.result.elements as Json[];
    const table = elements.find((e) => e.options?.title === 'Cost-effectiveness by scenario');
    expect(table.cells.filter((c: Json) => c.column === 0 && !c.th).map((c: Json) => c.value)).toEqual([
      'Reference',
      'Hazard ratio OS 0.85',
      'Ten-year horizon',
    ]);
    // The health-economics presets of issue 19 §3, then the cost and QALY columns.
    expect(elements.filter((e) => e.kind === 'chart').map((e) => e.chartType)).toEqual([
      'survival',
      'markov-trace',
      'ce-plane',
      'acceptability-curve',
      'tornado',
      'column',
      'column',
    ]);
  });
});

describe('demo option usage (issue 20 §5)', () => {
  it('counts the demo entries on the stage, Python and Mathematica tabs of the Admin Space', async () => {
    const expected = (
      field: 'stage_of_model_development' | 'python_environment' | 'mathematica_environment',
    ) => {
      const counts = new Map<string, number>();
      for (const entry of DEMO_ENTRIES) {
        const value = entry.metadata[field];
        if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
      }
      return counts;
    };
    for (const field of [
      'stage_of_model_development',
      'python_environment',
      'mathematica_environment',
    ] as const) {
      const want = expected(field);
      expect(want.size, field).toBeGreaterThan(0);
      const list = await call('admin', 'GET', `/v2/admin/metadata-options/${field}`);
      expect(list.body.counted, field).toBe(true);
      for (const [value, count] of want) {
        const row = list.body.items.find((o: { value: string }) => o.value === value);
        // Other tests in the same cloud may add entries with these values: at least the demo's.
        expect(row?.usage ?? 0, `${field} ${value}`).toBeGreaterThanOrEqual(count);
      }
    }
  });

  it('counts the demo entries on the File Types tab by the tags of their files', async () => {
    const expected = new Map<string, number>();
    for (const entry of DEMO_ENTRIES) {
      const items = await queryPartition(`MODEL#${first.uuids[entry.key]}`);
      const tags = new Set(
        items.filter((i) => String(i.sk).startsWith('FILE#') && i.fileTag).map((i) => String(i.fileTag)),
      );
      // The model item keeps the same set, which its catalogue change carries.
      const model = items.find((i) => i.sk === 'META');
      expect(model?.fileTypes, entry.key).toEqual([...tags].sort());
      for (const tag of tags) expected.set(tag, (expected.get(tag) ?? 0) + 1);
    }
    expect([...expected.keys()]).toEqual(expect.arrayContaining(['Model', 'Data', 'Report', 'Changelog']));
    const list = await call('admin', 'GET', '/v2/admin/metadata-options/file_tag');
    expect(list.body.counted).toBe(true);
    for (const [tag, count] of expected) {
      const row = list.body.items.find((o: { value: string }) => o.value === tag);
      // Demo versions and other tests in the same cloud add entries too: at least the demo entries'.
      expect(row?.usage ?? 0, tag).toBeGreaterThanOrEqual(count);
    }
  });
});
