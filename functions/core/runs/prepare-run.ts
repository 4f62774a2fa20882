import { RUNNERS, type RunJob } from '@shared/schemas/run-job';
import type { RunnableLanguage } from '@shared/schemas/run-result';
import { excelMappingFromDefinition, InputDefinitionValueSchema } from '@shared/sub-models/input-definition';
import { parseParametersJson } from '@shared/sub-models/instance-values';
import { validateTemplateText } from '@shared/sub-models/model-input';
import { getExecutionRun } from '../../data/executions';
import { getInstance, getInstanceInput, type InstanceRecord } from '../../data/instances';
import { listModelFiles } from '../../data/model-files';
import { getModel } from '../../data/models';
import { parameterFileKey } from '../../data/parameter-files';
import {
  findRunDocument,
  putRunDocument,
  putRunText,
  runArchiveKey,
  runJobKey,
  runOutcomeKey,
  runOutputKey,
  runOutputsPrefix,
  runResultKey,
  runRunnerErrorKey,
  runValuesKey,
} from '../../data/run-files';
import { getInput, getSubModel } from '../../data/sub-models';
import { ConflictError } from '../../lib/errors';
import { displayedScenarioFiles } from './displayed-scenarios';
import { entryPathOf, planRun } from './execution-plan';
import { grantRunAccess } from './run-access';
import { applyRunEvent } from './run-events';
import {
  PipelineError,
  type PreparedRun,
  RUNNER_GRACE_SECONDS,
  RunExecutionInputSchema,
  RunNotActiveError,
} from './run-state';

/**
 * Prepare, the first task of the run-model state machine (result at `$.prepared`).
 * 1. The run moves to INPROCESS (from INQUEUE). A run that was cancelled meanwhile
 *    stops here (RunNotActive); a retried Prepare finds its run INPROCESS and goes on.
 * 2. What to run, read again now: the sub-model's execution files (their current bodies), the entry's
 *    language, the instance's values and FILE parameters, an accepted calibration's output files, and
 *    for an analysis the outputs of the scenarios it displays (displayed-scenarios.ts).
 *    Anything missing fails the run with a message for the modeler (PipelineError).
 * 3. values.json (canonical: equal values hash equal) and job.json under runs/<runId>/.
 * 4. The runner image for the language and the task's time limit.
 * 5. A new access token for this run, its hash stored while the run is INPROCESS (run-access.ts): the
 *    runner's only way to this run's inputs and outputs, handed to it in the container overrides.
 */
export async function prepareRun(state: unknown, now = new Date()): Promise<PreparedRun> {
  const input = RunExecutionInputSchema.parse(state);
  const ids = { uuid: input.modelUuid, groupId: input.groupId, instanceId: input.instanceId };
  if (!(await applyRunEvent({ ...ids, to: 'INPROCESS', at: now }))) {
    const run = await getExecutionRun(input.groupId, input.instanceId);
    if (run?.status !== 'INPROCESS' || run.runId !== input.runId)
      throw new RunNotActiveError(`Run ${input.runId} is ${run?.status ?? 'gone'}; it does not start.`);
  }

  const [model, instance, run] = await Promise.all([
    getModel(input.modelUuid),
    getInstance(input.modelUuid, input.instanceId),
    getExecutionRun(input.groupId, input.instanceId),
  ]);
  if (!model || !instance || !run) throw new PipelineError('The instance or its model entry was deleted.');
  const subModel = await getSubModel(model.uuid, instance.executionSetupId);
  if (!subModel) throw new PipelineError('The sub-model of this instance was deleted.');
  const [files, definition, values] = await Promise.all([
    listModelFiles(model.uuid),
    getInput(model.uuid, subModel.id, instance.modelInputId),
    getInstanceInput(instance.id),
  ]);
  const { plan, problems } = planRun(model, files, subModel);
  if (!plan) throw new PipelineError(problems.map((p) => p.message).join(' '));
  const language = plan.language as RunnableLanguage;
  const parsed = parseParametersJson(values?.value ?? '{}');
  if (!parsed.ok) throw new PipelineError(parsed.message);

  const parameterFiles = [
    ...fileParameters(
      model.uuid,
      definition?.type === 'JSONTEMPLATE' ? definition.value : undefined,
      parsed.values,
    ),
    ...(await calibrationOutputs(model.uuid, instance)),
    ...(instance.type === 'display'
      ? await displayedScenarioFiles(model.uuid, input.runId, instance, (m) => new PipelineError(m))
      : []),
  ];
  const job: RunJob = {
    runId: input.runId,
    groupId: input.groupId,
    instanceId: instance.id,
    modelUuid: model.uuid,
    language,
    files: plan.files.map((f) => ({ key: f.s3Key, path: entryPathOf(f) })),
    entry: entryPathOf(plan.entry),
    valuesKey: runValuesKey(input.runId),
    parameterFiles,
    outputDir: subModel.outputPathDir,
    timeoutSeconds: subModel.timeoutSeconds,
    ...(language === 'ExcelNative' && definition?.type === 'JSONTEMPLATE'
      ? { excel: excelMapping(definition.value) }
      : {}),
    outcomeKey: runOutcomeKey(input.runId),
    resultKey: runResultKey(input.runId),
    archiveKey: runArchiveKey(input.runId),
    outputsPrefix: runOutputsPrefix(input.runId),
    runnerErrorKey: runRunnerErrorKey(input.runId),
    subModel: { id: subModel.id, name: subModel.name, version: subModel.version },
    ranBy: { id: run.createdBy, name: run.createdByName },
    requestedOn: run.createdOn,
  };
  await Promise.all([
    putRunText(job.valuesKey, canonicalJson(parsed.values)),
    putRunDocument(runJobKey(input.runId), job),
  ]);
  const timeoutSeconds = subModel.timeoutSeconds + RUNNER_GRACE_SECONDS;
  let accessToken: string;
  try {
    accessToken = await grantRunAccess(
      { runId: input.runId, groupId: input.groupId, instanceId: input.instanceId },
      timeoutSeconds,
      now,
    );
  } catch (error) {
    if (error instanceof ConflictError)
      throw new RunNotActiveError(`Run ${input.runId} was stopped while it was prepared; it does not start.`);
    throw error;
  }
  return {
    runId: input.runId,
    jobKey: runJobKey(input.runId),
    accessToken,
    runner: RUNNERS[language],
    timeoutSeconds,
    modelTimeoutSeconds: subModel.timeoutSeconds,
  };
}

/** JSON with object keys sorted at every level, so that equal values give equal bytes. */
export function canonicalJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v as Record<string, unknown>)
          .sort()
          .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
      );
    return v;
  };
  return JSON.stringify(sort(value));
}

/** The values' FILE parameters (`{ id, name }`) as parameter files: `<variable>/<file name>`. */
export function fileParameters(
  uuid: string,
  templateText: string | undefined,
  values: Record<string, unknown>,
): RunJob['parameterFiles'] {
  if (!templateText) return [];
  const template = validateTemplateText(templateText);
  if (!template.valid) return [];
  const files: RunJob['parameterFiles'] = [];
  for (const definition of template.definitions) {
    if (definition.type !== 'FILE') continue;
    const value = values[definition.name] as { id?: unknown; name?: unknown } | null | undefined;
    if (!value || typeof value.id !== 'string' || typeof value.name !== 'string') continue;
    const name = value.name.replace(/[/\\]/g, '_');
    if (name === '' || name === '.' || name === '..') continue;
    files.push({ key: parameterFileKey(uuid, value.id), path: `${definition.name}/${name}` });
  }
  return files;
}

/**
 * The output files of the calibration instance a scenario runs with, as `_calibration/<path>` in its
 * parameter directory (docs/running-models.md); none when it has no finished run.
 */
async function calibrationOutputs(uuid: string, instance: InstanceRecord): Promise<RunJob['parameterFiles']> {
  if (!instance.scenarioId) return [];
  const calibration = await getInstance(uuid, instance.scenarioId);
  if (!calibration?.lastGroupId) return [];
  const run = await getExecutionRun(calibration.lastGroupId, calibration.id);
  if (run?.status !== 'COMPLETED') return [];
  const outcome = (await findRunDocument(runOutcomeKey(run.runId)).catch(() => undefined)) as
    | { outputFiles?: { path: string }[] }
    | undefined;
  return (outcome?.outputFiles ?? []).map((f) => ({
    key: runOutputKey(run.runId, f.path),
    path: `_calibration/${f.path}`,
  }));
}

function excelMapping(templateText: string): RunJob['excel'] {
  try {
    const parsed = InputDefinitionValueSchema.safeParse(JSON.parse(templateText));
    return parsed.success ? excelMappingFromDefinition(parsed.data) : undefined;
  } catch {
    return undefined;
  }
}
