import { beforeAll, describe, expect, it } from 'vitest';
import {
  addInstance,
  addRunSubModel,
  call,
  createRunEntry,
  execute,
  type Json,
  type RunEntry,
  type RunSubModel,
  waitForEnd,
} from './executions-helpers';

/**
 * The execution queue and a hidden analysis (issue 19; docs/permissions.md "Analyses"): Save Progress
 * keeps a draft of the visualization flow as a hidden analysis, which only those who may change it
 * open. Its runs' names and ids are the draft's, so the queue shows them 'Restricted access' to
 * everyone else who sees the display section, until the analysis is saved under a name.
 */

const RESULT = `library(jsonlite)
write_json(list(elements = list(list(kind = "section", title = "Done"))),
  file.path(Sys.getenv("MR_OUTPUT_DIR"), "result.json"), auto_unbox = TRUE)
`;
const RESTRICTED = 'Restricted access';

let entry: RunEntry;
let display: RunSubModel;
let scenarioId: string;

beforeAll(async () => {
  entry = await createRunEntry({ 'result.R': RESULT });
  display = await addRunSubModel(entry, 'result.R', { type: 'display', name: `Display ${Date.now()}` });
  const linked = await call('owner', 'POST', `/v2/models/${entry.uuid}/sub-models`, {
    type: 'scenario',
    name: `Scenarios ${Date.now()}`,
    environment: 'R 4.2',
    executionModels: [entry.files['result.R']],
    timeoutSeconds: 600,
    outputPathDir: 'output',
    definitionType: 'JSONTEMPLATE',
    displayExecutionSetupId: display.id,
  });
  if (linked.status !== 201) throw new Error(`sub-model: ${linked.status} ${JSON.stringify(linked.body)}`);
  const inputs = await call('owner', 'GET', `/v2/models/${entry.uuid}/sub-models/${linked.body.id}/inputs`);
  const scenarioSubModel = { id: linked.body.id as string, inputId: inputs.body.items[0].id as string };
  await call(
    'owner',
    'PUT',
    `/v2/models/${entry.uuid}/sub-models/${scenarioSubModel.id}/inputs/${scenarioSubModel.inputId}`,
    { value: JSON.stringify({ definitions: [] }) },
  );
  scenarioId = (await addInstance(entry, scenarioSubModel)).id;
  await execute(entry, [scenarioId]);
  expect(await waitForEnd(entry, scenarioId)).toBe('COMPLETED');
}, 240_000);

/** The group as `persona` sees it in the first page of the queue, and as its expanded row. */
async function queued(persona: string, groupId: string): Promise<{ row: Json; expanded: Json }> {
  const page = await call(persona, 'GET', '/v2/executions?pageSize=50');
  expect(page.status).toBe(200);
  const row = (page.body.items as Json[]).find((g) => g.groupId === groupId);
  if (!row) throw new Error(`group ${groupId} not in the queue of ${persona}`);
  const expanded = await call(persona, 'GET', `/v2/executions/${groupId}`);
  expect(expanded.status).toBe(200);
  return { row, expanded: expanded.body };
}

describe('the execution queue and draft analyses', () => {
  it('shows a draft’s run to who may change it only, and to everyone who sees the section once it is saved', async () => {
    const created = await call(
      'employee',
      'POST',
      `/v2/models/${entry.uuid}/sub-models/${display.id}/instances`,
      { name: `Draft ${Date.now()}`, displayScenarios: [{ id: scenarioId, order: 1 }] },
    );
    expect(created.status).toBe(201);
    expect(created.body.hidden).toBe(true);
    const draft = { id: created.body.id as string, name: created.body.name as string };
    const groupId = await execute(entry, [draft.id], 'employee');

    // Its creator and the owner tier see the run; the viewer and the display viewer see neither its
    // name nor the draft's id, in the list and in the expanded row.
    for (const persona of ['employee', 'owner']) {
      const { row, expanded } = await queued(persona, groupId);
      for (const view of [row, expanded])
        expect(view.executions[0], persona).toMatchObject({
          scenario: { id: draft.id, name: draft.name },
          restricted: false,
        });
    }
    for (const persona of ['viewer', 'vendor']) {
      const { row, expanded } = await queued(persona, groupId);
      for (const view of [row, expanded]) {
        expect(view.executions[0], persona).toMatchObject({
          scenario: { name: RESTRICTED },
          restricted: true,
        });
        expect(JSON.stringify(view), persona).not.toContain(draft.id);
        expect(JSON.stringify(view), persona).not.toContain(draft.name);
      }
    }

    expect(await waitForEnd(entry, draft.id, 180_000)).toBe('COMPLETED');
    const saved = await call('employee', 'POST', `/v2/models/${entry.uuid}/instances/${draft.id}/analysis`, {
      name: `Saved ${Date.now()}`,
    });
    expect(saved.status).toBe(200);
    for (const persona of ['viewer', 'vendor']) {
      const { row, expanded } = await queued(persona, groupId);
      for (const view of [row, expanded])
        expect(view.executions[0], persona).toMatchObject({
          scenario: { id: draft.id, name: draft.name },
          restricted: false,
        });
    }
  }, 240_000);
});
