import { beforeAll, describe, expect, it } from 'vitest';
import {
  addInstance,
  addTemplateSubModel,
  call,
  createWebEntry,
  instancePath,
  instancesPath,
  type Json,
  setInstanceState,
  uniqueName,
  type WebEntry,
} from './instances-helpers';
import { addSubModel } from './sub-models-helpers';

/**
 * Save or Update Analysis (spec 001 §4, issue 19 "the flow"): POST …/instances/{id}/analysis names an
 * analysis and un-hides it, in any state, for the analysis's creator, the users it is shared with, the
 * entry's owner tier and super users (docs/permissions.md "Analyses"); the saved analysis is then
 * listed for everyone who sees the display section (the 'Saved Analyses' filter of step 1).
 */

let entry: WebEntry;
let displayId: string;
let scenarioId: string;

const analysisPath = (id: string) => `${instancePath(entry.uuid, id)}/analysis`;

async function newAnalysis(persona: string): Promise<Json> {
  const res = await call(persona, 'POST', `/v2/models/${entry.uuid}/sub-models/${displayId}/instances`, {
    name: uniqueName('Scenario Analysis'),
    displayScenarios: [{ id: scenarioId, order: 1 }],
  });
  if (res.status !== 201) throw new Error(`analysis: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const savedAnalyses = async (persona: string) =>
  (await call(persona, 'GET', `${instancesPath(entry.uuid)}?executionSetupId=${displayId}`)).body
    .items as Json[];

beforeAll(async () => {
  entry = await createWebEntry();
  displayId = (await addTemplateSubModel(entry, 'display')).id;
  const scenarioSubModel = await addSubModel(entry, { type: 'scenario', displayExecutionSetupId: displayId });
  const scenario = await addInstance('employee', entry.uuid, scenarioSubModel.id as string);
  scenarioId = scenario.id as string;
  await setInstanceState(entry.uuid, scenarioId, { status: 'COMPLETED' });
});

describe('Save or Update Analysis', () => {
  it('saves a finished hidden analysis under a name ("Analysis Saved"), then renames it ("Analysis Updated")', async () => {
    const analysis = await newAnalysis('employee');
    expect(analysis.hidden).toBe(true);
    expect((await savedAnalyses('viewer')).map((i) => i.id)).not.toContain(analysis.id);
    await setInstanceState(entry.uuid, analysis.id, { status: 'COMPLETED' });

    const name = uniqueName('Scenario Analysis');
    const saved = await call('employee', 'POST', analysisPath(analysis.id), { name });
    expect(saved.status).toBe(200);
    expect(saved.body.saved).toBe(true);
    expect(saved.body.instance).toMatchObject({ id: analysis.id, name, hidden: false, status: 'COMPLETED' });
    // Every persona who sees the display section now finds it among the saved analyses.
    expect((await savedAnalyses('viewer')).map((i) => i.name)).toContain(name);

    const renamed = uniqueName('Scenario Analysis');
    const updated = await call('employee', 'POST', analysisPath(analysis.id), { name: renamed });
    expect(updated.status).toBe(200);
    expect(updated.body.saved).toBe(false);
    expect(updated.body.instance.name).toBe(renamed);
    // The old name is free again.
    const check = await call('employee', 'POST', `${instancesPath(entry.uuid)}/name-check`, { name });
    expect(check.body.exists).toBe(false);
  });

  it('lets the owner tier save an analysis; a draft is not found by those who only see the section (404, nothing changed)', async () => {
    const analysis = await newAnalysis('employee');
    for (const persona of ['viewer', 'vendor', 'modeler']) {
      const res = await call(persona, 'POST', analysisPath(analysis.id), { name: uniqueName('Taken over') });
      expect(res.status, persona).toBe(404);
    }
    const after = await call('employee', 'GET', instancePath(entry.uuid, analysis.id));
    expect(after.body).toMatchObject({ name: analysis.name, hidden: true });
    const byOwner = await call('owner', 'POST', analysisPath(analysis.id), {
      name: uniqueName('Owner Analysis'),
    });
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.saved).toBe(true);
  });

  it('refuses a taken name (409), an empty one (400) and an instance that is not an analysis (422)', async () => {
    const first = await newAnalysis('employee');
    const second = await newAnalysis('employee');
    const taken = await call('employee', 'POST', analysisPath(second.id), { name: first.name });
    expect(taken.status).toBe(409);
    const empty = await call('employee', 'POST', analysisPath(second.id), { name: '  ' });
    expect(empty.status).toBe(400);
    const scenario = await call('employee', 'POST', analysisPath(scenarioId), { name: uniqueName() });
    expect(scenario.status).toBe(422);
    const after = await call('employee', 'GET', instancePath(entry.uuid, second.id));
    expect(after.body).toMatchObject({ name: second.name, hidden: true });
  });

  it('answers 404 for an analysis of an entry the caller does not see', async () => {
    const analysis = await newAnalysis('employee');
    const res = await call('hta', 'POST', analysisPath(analysis.id), { name: uniqueName() });
    expect(res.status).toBe(404);
  });

  it('refuses those who only see a saved analysis its rename (403, nothing changed)', async () => {
    const analysis = await newAnalysis('employee');
    await setInstanceState(entry.uuid, analysis.id, { status: 'COMPLETED' });
    const name = uniqueName('Scenario Analysis');
    expect((await call('employee', 'POST', analysisPath(analysis.id), { name })).status).toBe(200);
    for (const persona of ['viewer', 'vendor', 'modeler']) {
      const res = await call(persona, 'POST', analysisPath(analysis.id), { name: uniqueName('Taken over') });
      expect(res.status, persona).toBe(403);
    }
    expect((await call('employee', 'GET', instancePath(entry.uuid, analysis.id))).body.name).toBe(name);
  });
});

/**
 * Reading an analysis (issue 19: a draft was readable by anyone who guessed its id): a hidden one only
 * by those who may change it (its creator, users it is shared with, the owner tier, super users), on
 * every route that reads it by id and in the hidden list; a saved one by everyone who sees the display
 * section.
 */
describe('who reads an analysis', () => {
  const readsOf = (id: string) => [
    instancePath(entry.uuid, id),
    `${instancePath(entry.uuid, id)}/result`,
    `${instancePath(entry.uuid, id)}/outputs`,
    `${instancePath(entry.uuid, id)}/record`,
  ];
  const hiddenIds = async (persona: string) =>
    (
      (await call(persona, 'GET', `${instancesPath(entry.uuid)}?executionSetupId=${displayId}&hidden=true`))
        .body.items as Json[]
    ).map((i) => i.id);

  it('answers 404 on every read of a draft to those who only see the display section, and lists it only for its readers', async () => {
    const draft = await newAnalysis('employee');
    await setInstanceState(entry.uuid, draft.id, { status: 'COMPLETED' });
    for (const persona of ['viewer', 'vendor', 'modeler']) {
      for (const path of readsOf(draft.id))
        expect((await call(persona, 'GET', path)).status, `${persona} ${path}`).toBe(404);
      const run = await call(persona, 'POST', `/v2/models/${entry.uuid}/executions`, {
        instanceIds: [draft.id],
      });
      expect(run.status, persona).toBe(404);
      expect(await hiddenIds(persona), persona).not.toContain(draft.id);
    }
    for (const persona of ['employee', 'owner', 'admin']) {
      const res = await call(persona, 'GET', instancePath(entry.uuid, draft.id));
      expect(res.status, persona).toBe(200);
      expect(await hiddenIds(persona), persona).toContain(draft.id);
    }
  });

  it('lets everyone who sees the display section read a saved analysis, and nobody else', async () => {
    const analysis = await newAnalysis('employee');
    await setInstanceState(entry.uuid, analysis.id, { status: 'COMPLETED' });
    await call('employee', 'POST', analysisPath(analysis.id), { name: uniqueName('Scenario Analysis') });
    for (const persona of ['viewer', 'vendor', 'modeler', 'owner'])
      expect((await call(persona, 'GET', instancePath(entry.uuid, analysis.id))).status, persona).toBe(200);
    expect((await call('hta', 'GET', instancePath(entry.uuid, analysis.id))).status).toBe(404);
  });
});
