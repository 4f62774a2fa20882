import { INSTANCE_API_MESSAGES as MSG } from '@shared/schemas/instance-api';
import type { RunJob } from '@shared/schemas/run-job';
import { RUNNER_LIMITS } from '@shared/schemas/run-result';
import { hasResults } from '@shared/sub-models/instances';
import { type ExecutionRunRecord, getExecutionRun } from '../../data/executions';
import { getInstance, type InstanceRecord } from '../../data/instances';
import {
  findRunDocument,
  putRunText,
  runOutcomeKey,
  runOutputKey,
  runScenarioIndexKey,
} from '../../data/run-files';

/**
 * What the run of an analysis (an instance of a display sub-model) gives its display model: each
 * displayed scenario's output files as its last completed run wrote them, under
 * `_scenarios/<order>_<instanceId>/` of the parameter directory, and `_scenarios/index.json` listing
 * the scenarios in their displayed order (docs/running-models.md, "Display runs"). Execute refuses an
 * analysis whose scenarios have no finished run ('scenarios' blocker); Prepare reads them again, since
 * a scenario may have been executed again or deleted since.
 */

/** One entry of `_scenarios/index.json`. */
export interface DisplayedScenarioEntry {
  id: string;
  name: string;
  /** The label the analysis gives the scenario, else the instance's own label; null without one. */
  label: string | null;
  order: number;
  /** The folder under `_scenarios/` holding its output files. */
  directory: string;
  status: string;
  subModelId: string;
  runId: string;
  /** Its output files, as paths inside `directory`. */
  files: string[];
}

interface DisplayedRun {
  scenario: NonNullable<InstanceRecord['displayScenarios']>[number];
  instance: InstanceRecord;
  run: ExecutionRunRecord;
}

/** The analysis's scenarios with their finished runs, in displayed order, or the first problem. */
export async function displayedRuns(
  uuid: string,
  analysis: Pick<InstanceRecord, 'displayScenarios'>,
): Promise<{ runs: DisplayedRun[]; problem?: string }> {
  const scenarios = [...(analysis.displayScenarios ?? [])].sort((a, b) => a.order - b.order);
  if (scenarios.length === 0) return { runs: [], problem: MSG.displayScenariosRequired };
  const read = await Promise.all(
    scenarios.map(async (scenario) => {
      const instance = await getInstance(uuid, scenario.id);
      const run =
        instance?.lastGroupId !== undefined
          ? await getExecutionRun(instance.lastGroupId, instance.id)
          : undefined;
      return { scenario, instance, run };
    }),
  );
  const runs: DisplayedRun[] = [];
  for (const { scenario, instance, run } of read) {
    if (!instance) return { runs: [], problem: MSG.displayScenarioNotFound(scenario.id) };
    if (!hasResults(instance.status) || run?.status !== 'COMPLETED')
      return { runs: [], problem: MSG.displayScenarioNotFinished(instance.name) };
    runs.push({ scenario, instance, run });
  }
  return { runs };
}

/**
 * The parameter files of a display run: every displayed scenario's outputs and the index, which is
 * written beside the run's job (`runs/<runId>/scenarios.json`). Throws the problem's message as
 * `fail` makes it (Prepare: a PipelineError, the run's message).
 */
export async function displayedScenarioFiles(
  uuid: string,
  runId: string,
  analysis: Pick<InstanceRecord, 'displayScenarios'>,
  fail: (message: string) => Error,
): Promise<RunJob['parameterFiles']> {
  const { runs, problem } = await displayedRuns(uuid, analysis);
  if (problem) throw fail(problem);
  const outcomes = await Promise.all(
    runs.map(
      async ({ run }) =>
        (await findRunDocument(runOutcomeKey(run.runId)).catch(() => undefined)) as
          | { outputFiles?: { path: string; bytes?: number }[] }
          | undefined,
    ),
  );
  // A display run reads at most what one run may write: the runner copies every file to its disk.
  const total = outcomes.reduce(
    (sum, outcome) => sum + (outcome?.outputFiles ?? []).reduce((s, f) => s + (f.bytes ?? 0), 0),
    0,
  );
  if (total > RUNNER_LIMITS.outputBytes)
    throw fail(MSG.displayScenariosTooLarge(total, RUNNER_LIMITS.outputBytes));
  const files: RunJob['parameterFiles'] = [];
  const index: DisplayedScenarioEntry[] = runs.map(({ scenario, instance, run }, i) => {
    const directory = `${scenario.order}_${instance.id}`;
    const paths = (outcomes[i]?.outputFiles ?? []).map((f) => f.path);
    for (const path of paths)
      files.push({ key: runOutputKey(run.runId, path), path: `_scenarios/${directory}/${path}` });
    return {
      id: instance.id,
      name: instance.name,
      label: scenario.label ?? instance.label ?? null,
      order: scenario.order,
      directory,
      status: instance.status,
      subModelId: instance.executionSetupId,
      runId: run.runId,
      files: paths,
    };
  });
  await putRunText(runScenarioIndexKey(runId), JSON.stringify(index, null, 1));
  files.push({ key: runScenarioIndexKey(runId), path: '_scenarios/index.json' });
  return files;
}
