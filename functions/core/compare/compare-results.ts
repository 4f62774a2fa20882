import { compareResults as compareRunResults } from '@shared/diffs/result-changes';
import { executeOutcome } from '@shared/executions/execution-access';
import { WEBMODEL_PLATFORM } from '@shared/rules/model-roles';
import {
  type CompareResults,
  type MissingRun,
  RESULT_COMPARE_TEXTS,
  type ResultPair,
  type ResultSide,
} from '@shared/schemas/result-compare';
import { RunResultSchema } from '@shared/schemas/run-result';
import type { User } from '@shared/schemas/user';
import { hasResults } from '@shared/sub-models/instances';
import type { SubModelType } from '@shared/sub-models/sub-model';
import { getExecutionRun } from '../../data/executions';
import { type InstanceSummaryRecord, queryInstanceSummaries } from '../../data/instances';
import type { ModelRecord } from '../../data/models';
import { findRunDocument, runResultKey } from '../../data/run-files';
import { listSubModels, type SubModelRecord } from '../../data/sub-models';
import { ForbiddenError } from '../../lib/errors';
import { seesInstancesOf } from '../instances/instance-access';
import { entryFilesDecision } from '../models/file-read-rules';
import { loadVisibleModel, permissionUser } from '../models/model-access';

/** Scenario pairs whose results are read and compared in one request (each reads two result.json). */
export const COMPARED_PAIRS = 25;
/** Runs and results read at once. */
const READ_CONCURRENCY = 6;

interface Scenario {
  key: string;
  subModel: SubModelRecord;
  instance: InstanceSummaryRecord;
  runId?: string;
  finishedOn?: string;
}

/**
 * GET /v2/models/{uuid}/compare/{otherUuid}/results: what the change from one version to the other
 * did to the results (issue 18 §6).
 * 1. The compare route's rule: both entries visible (404 otherwise, telling nothing) and the caller
 *    may open each one's files (403 with its message). Entries other than WebModel 2.0 have no
 *    scenarios: `applicable` false.
 * 2. Each version's scenarios the caller sees (instances of the sections they see, hidden analyses
 *    aside), keyed by sub-model type, sub-model name and instance name (case and spaces aside).
 * 3. A scenario with a finished run (COMPLETED or ACCEPTED with a completed latest run) on both sides:
 *    both result.json documents read and compared (shared/diffs/result-changes.ts). On one side only:
 *    what the other side needs (a run, the instance, or the sub-model), and whether the caller may
 *    Execute its instance there. Scenarios that ran on neither side are left out.
 * 4. Pairs that ran on both sides first, the one with the largest change first; at most
 *    COMPARED_PAIRS of them are compared (the others say so).
 */
export async function compareVersionResults(
  caller: User,
  uuid: string,
  otherUuid: string,
): Promise<CompareResults> {
  const [model, other] = await Promise.all([
    loadVisibleModel(uuid, caller),
    loadVisibleModel(otherUuid, caller),
  ]);
  for (const entry of [model, other]) {
    const decision = entryFilesDecision(caller, entry);
    if (!decision.allowed) throw new ForbiddenError(decision.message);
  }
  if (model.metadata.platform !== WEBMODEL_PLATFORM || other.metadata.platform !== WEBMODEL_PLATFORM)
    return { applicable: false, pairs: [] };

  const [before, after] = await Promise.all([scenariosOf(caller, model), scenariosOf(caller, other)]);
  const keys = [...new Set([...before.scenarios.keys(), ...after.scenarios.keys()])];
  const pairs: ResultPair[] = [];
  const bothRan: { pair: ResultPair; a: Scenario; b: Scenario }[] = [];
  for (const key of keys) {
    const a = before.scenarios.get(key);
    const b = after.scenarios.get(key);
    if (!a?.runId && !b?.runId) continue;
    const shown = (b ?? a) as Scenario;
    const pair: ResultPair = {
      subModelType: shown.subModel.type,
      subModelName: shown.subModel.name,
      name: shown.instance.name,
      ...(a ? { before: side(caller, model, a) } : {}),
      ...(b ? { after: side(caller, other, b) } : {}),
      ranOn: a?.runId && b?.runId ? 'both' : a?.runId ? 'before' : 'after',
    };
    if (a?.runId && b?.runId) bothRan.push({ pair, a, b });
    else {
      const [ranSide, otherSide] = a?.runId ? [a, after] : [b as Scenario, before];
      pair.missing = missingOn(otherSide, ranSide);
      pairs.push(pair);
    }
  }
  const compared = await mapLimited(bothRan, READ_CONCURRENCY, async ({ pair, a, b }, i) =>
    i < COMPARED_PAIRS
      ? { ...pair, ...(await comparePair(a.runId as string, b.runId as string)) }
      : {
          ...pair,
          problem: `Only the first ${COMPARED_PAIRS} scenarios that ran in both versions are compared.`,
        },
  );
  const largest = (p: ResultPair) => Math.abs(p.changes?.[0]?.relative ?? p.changes?.[0]?.absolute ?? 0);
  compared.sort((x, y) => largest(y) - largest(x));
  return { applicable: true, pairs: [...compared, ...pairs] };
}

const keyOf = (type: SubModelType, subModelName: string, instanceName: string) =>
  [type, subModelName.trim().toLowerCase(), instanceName.trim().toLowerCase()].join('\u0000');

async function scenariosOf(caller: User, model: ModelRecord) {
  const [subModels, instances] = await Promise.all([
    listSubModels(model.uuid),
    queryInstanceSummaries(model.uuid),
  ]);
  const byId = new Map(subModels.map((s) => [s.id, s]));
  const visible = instances.filter(
    (i) => !i.hidden && byId.has(i.executionSetupId) && seesInstancesOf(caller, model, i.type),
  );
  const runs = await mapLimited(visible, READ_CONCURRENCY, async (instance) => {
    if (!hasResults(instance.status) || !instance.lastGroupId) return undefined;
    const run = await getExecutionRun(instance.lastGroupId, instance.id);
    return run?.status === 'COMPLETED' ? run : undefined;
  });
  const scenarios = new Map<string, Scenario>();
  visible.forEach((instance, i) => {
    const subModel = byId.get(instance.executionSetupId) as SubModelRecord;
    const run = runs[i];
    const key = keyOf(subModel.type, subModel.name, instance.name);
    scenarios.set(key, {
      key,
      subModel,
      instance,
      ...(run ? { runId: run.runId, ...(run.finishedOn ? { finishedOn: run.finishedOn } : {}) } : {}),
    });
  });
  const subModelKeys = new Set(subModels.map((s) => keyOf(s.type, s.name, '')));
  return { scenarios, subModelKeys };
}

function side(caller: User, model: ModelRecord, scenario: Scenario): ResultSide {
  const { instance, subModel } = scenario;
  // A scenario linked to a calibration runs with a chosen accepted calibration: its own page asks.
  const linked = subModel.type === 'scenario' && subModel.executionSetupId !== undefined;
  return {
    instanceId: instance.id,
    subModelId: subModel.id,
    status: instance.status,
    ...(scenario.runId ? { runId: scenario.runId } : {}),
    ...(scenario.finishedOn ? { finishedOn: scenario.finishedOn } : {}),
    mayExecute:
      model.status !== 'RETIRED' &&
      !linked &&
      executeOutcome(permissionUser(caller), model.roles, instance) === 'allowed',
  };
}

function missingOn(
  otherSide: { scenarios: Map<string, Scenario>; subModelKeys: Set<string> },
  ran: Scenario,
): MissingRun {
  if (otherSide.scenarios.has(ran.key)) return 'run';
  return otherSide.subModelKeys.has(keyOf(ran.subModel.type, ran.subModel.name, ''))
    ? 'instance'
    : 'subModel';
}

async function comparePair(
  runId: string,
  otherRunId: string,
): Promise<Pick<ResultPair, 'tables' | 'changes' | 'problem'>> {
  const [a, b] = await Promise.all([readResult(runId), readResult(otherRunId)]);
  if (a === 'unreadable' || b === 'unreadable') return { problem: RESULT_COMPARE_TEXTS.unreadable };
  if (!a || !b) return { problem: RESULT_COMPARE_TEXTS.notVisualization };
  return compareRunResults(a, b);
}

/** The run's visualization result; undefined when it returned files only; 'unreadable' when broken. */
async function readResult(runId: string) {
  let document: unknown;
  try {
    document = await findRunDocument(runResultKey(runId));
  } catch {
    return 'unreadable' as const;
  }
  if (document === undefined) return undefined;
  const parsed = RunResultSchema.safeParse(document);
  return parsed.success ? parsed.data : ('unreadable' as const);
}

/** `fn` over `items`, at most `limit` at a time, results in order. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
