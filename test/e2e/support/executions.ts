import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { idToken } from '../../support/local-cloud';
import { demoMetadata, demoRoles, uploadFiles } from '../../support/model-entries';
import { callAs } from './instances';

/**
 * Set-up of the execution queue browser test (test/e2e/execution-queue.spec.ts): a WebModel 2.0 entry
 * with the R demo model (models/demo/markov-cohort-r), a scenario sub-model that runs it and an
 * instance with values, all made through the API as in test/integration/executions-helpers.ts.
 */
const DEMO_R_DIR = join('models', 'demo', 'markov-cohort-r');

export interface RunSetup {
  uuid: string;
  /** The entry's name (the queue's Model Name). */
  name: string;
  subModelId: string;
  inputId: string;
}

export async function createRunSetup(suffix: string): Promise<RunSetup> {
  const script = readFileSync(join(DEMO_R_DIR, 'markov_cohort.R'), 'utf8');
  const { value: definition } = JSON.parse(
    readFileSync(join(DEMO_R_DIR, 'input-definition.json'), 'utf8'),
  ) as { value: unknown };
  const up = await uploadFiles(await idToken('lead'), [
    { name: 'markov_cohort.R', content: script, mainFile: true },
  ]);
  const entry = await callAs('lead', 'POST', '/v2/models', {
    uploadId: up.uploadId,
    files: up.refs,
    metadata: demoMetadata({ platform: 'WebModel 2.0', suffix }),
    roles: demoRoles({ scenarioModelers: ['employee'] }),
    publish: false,
  });
  const uuid = entry.uuid as string;
  // The owner sets every value of the demo model (some are above the default level).
  await callAs('lead', 'PUT', `/v2/models/${uuid}/expertise/owner`, {
    userId: 'owner',
    expertiseTypeLevel: 1000,
  });
  const files = await callAs('lead', 'GET', `/v2/models/${uuid}/files`);
  const file = (files.items as { name: string; uuid: string }[]).find((f) => f.name === 'markov_cohort.R');
  const sub = await callAs('owner', 'POST', `/v2/models/${uuid}/sub-models`, {
    type: 'scenario',
    name: `Cohort run ${suffix}`.slice(0, 60),
    environment: 'R 4.2',
    executionModels: [file?.uuid],
    timeoutSeconds: 600,
    outputPathDir: 'output',
    definitionType: 'JSONTEMPLATE',
  });
  const inputs = await callAs('owner', 'GET', `/v2/models/${uuid}/sub-models/${sub.id}/inputs`);
  const inputId = inputs.items[0].id as string;
  await callAs('owner', 'PUT', `/v2/models/${uuid}/sub-models/${sub.id}/inputs/${inputId}`, {
    value: JSON.stringify(definition),
  });
  return { uuid, name: entry.name as string, subModelId: sub.id as string, inputId };
}

/** Values of the demo model's inputs (the integration tests run it with them). */
const DEMO_VALUES = { cycles: 30, relative_risk: 0.6, cost_treatment: 1500, discount_rate_qalys: 0.015 };

/** A DRAFT instance of the setup's sub-model, made by the owner, with the demo values. */
export async function addRunInstance(setup: RunSetup, name: string): Promise<{ id: string; name: string }> {
  const created = await callAs(
    'owner',
    'POST',
    `/v2/models/${setup.uuid}/sub-models/${setup.subModelId}/instances`,
    { name },
  );
  const id = created.id as string;
  const current = JSON.parse(created.input.value as string) as Record<string, unknown>;
  await callAs('owner', 'PUT', `/v2/models/${setup.uuid}/instances/${id}/inputs`, {
    modelInputId: setup.inputId,
    value: JSON.stringify({ ...current, ...DEMO_VALUES }),
  });
  return { id, name };
}

/** Execute and start, as the web app does after the click; returns the group id. */
export async function executeInstances(setup: RunSetup, instanceIds: string[]): Promise<string> {
  const created = await callAs('owner', 'POST', `/v2/models/${setup.uuid}/executions`, { instanceIds });
  const groupId = created.groupId as string;
  await callAs('owner', 'POST', `/v2/executions/${groupId}/start`, undefined, 200);
  return groupId;
}
