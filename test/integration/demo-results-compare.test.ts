import { beforeAll, describe, expect, it } from 'vitest';
import { MODEL_RUNS_STEP } from '../../scripts/local/demo/model-runs';
import { ENTRIES_STEP, seedDemoCatalogue } from '../../scripts/local/demo/seed-demo';
import { demoChainVersions, RESULTS_CHAIN, VERSIONS_STEP } from '../../scripts/local/demo/versions';
import { applyHandlerEnv, handlerEnv } from '../../scripts/local/env';
import { localCloud } from '../support/local-cloud';
import { call, type Json } from './catalogue-helpers';

/**
 * The demo's answer to "what did the change do to the results?" (issue 18 §6, README step "Compare
 * the results of two versions"): the R model's version 1.1 stops the treatment's cost once a patient
 * is sick, and its scenarios ran as those of 1.0 did, so comparing the two through the gateway shows
 * the Base case's ICER falling. Seeds the steps it needs the way start.ts does (a cloud that has the
 * demo already adds nothing).
 */
let base: string;
let version: string | undefined;

beforeAll(async () => {
  applyHandlerEnv(handlerEnv(localCloud()));
  const seeded = await seedDemoCatalogue({ steps: [ENTRIES_STEP, VERSIONS_STEP, MODEL_RUNS_STEP] });
  base = seeded.uuids[RESULTS_CHAIN.base] as string;
  [version] = await demoChainVersions(RESULTS_CHAIN, base);
}, 600_000);

describe('demo: results of two versions compared', () => {
  it("shows the Base case's ICER of R model 1.0 against 1.1, the largest change first", async () => {
    expect(version).toBeDefined();
    const res = await call('lead', 'GET', `/v2/models/${base}/compare/${version}/results`);
    expect(res.status).toBe(200);
    expect(res.body.applicable).toBe(true);
    const pairs = res.body.pairs as Json[];
    const baseCase = pairs.find((p) => p.name === 'Base case');
    expect(baseCase).toMatchObject({ ranOn: 'both', subModelType: 'scenario' });
    const headlines = (baseCase.changes as Json[]).map((c) => c.headline);
    expect(headlines).toContain('ICER (cost per QALY gained) 21,536 → 15,134, -30%');
    // Every scenario of 1.0 ran in 1.1 too: nothing ran on one side only.
    expect(pairs.map((p) => p.ranOn)).toEqual(pairs.map(() => 'both'));
    const icer = (baseCase.tables as Json[])
      .find((t) => t.title === 'Incremental analysis')
      .rows.find((r: Json) => r.label === 'ICER (cost per QALY gained)');
    expect(icer.cells.find((c: Json) => c.column === 'Value')).toMatchObject({
      before: 21536.14,
      after: 15133.7,
      changed: true,
    });
  });

  it('answers 404 to a user who may not see the draft version, as compare does', async () => {
    expect((await call('employee', 'GET', `/v2/models/${base}/compare/${version}/results`)).status).toBe(404);
  });
});
