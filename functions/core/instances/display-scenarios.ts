import { type DisplayScenarios, INSTANCE_API_MESSAGES as MSG } from '@shared/schemas/instance-api';
import type { User } from '@shared/schemas/user';
import { hasResults } from '@shared/sub-models/instances';
import type { SubModelType } from '@shared/sub-models/sub-model';
import { getInstance, type InstanceRecord } from '../../data/instances';
import type { ModelRecord } from '../../data/models';
import { listSubModels, type SubModelRecord } from '../../data/sub-models';
import { UnprocessableError } from '../../lib/errors';
import { seesInstancesOf } from './instance-access';

/**
 * The scenarios an analysis displays (spec 001 §3 Instance `displayScenarios`; §4 visualization step
 * 2: "creates or updates a hidden analysis scenario, stores the parameters, starts an execution"). An
 * analysis is an instance of a display sub-model; its run gives the display model the results of the
 * scenarios it names (functions/core/runs/displayed-scenarios.ts). Our rules, checked when an analysis
 * is created or its scenarios change (422 with an issue per problem):
 * - at least one scenario; each once, each order once;
 * - each an instance of the same entry that the caller sees (else 'not found', nothing revealed);
 * - each a scenario or calibration instance (an analysis is not displayed in another one);
 * - each finished: completed, accepted or superseded (step 1 "select finished instances");
 * - each of a sub-model that names this display sub-model as its display sub-model: the display model
 *   is written for the results of the models that link it.
 */

export interface DisplayIssue {
  path: string;
  message: string;
}

/** The problems of `scenarios` for the display sub-model `display`, from what was read (pure). */
export function displayScenarioIssues(
  display: Pick<SubModelRecord, 'id' | 'name'>,
  scenarios: DisplayScenarios,
  instances: ReadonlyMap<string, InstanceRecord | undefined>,
  subModels: ReadonlyMap<string, Pick<SubModelRecord, 'displayExecutionSetupId'>>,
  sees: (type: SubModelType) => boolean,
): DisplayIssue[] {
  if (scenarios.length === 0) return [{ path: 'displayScenarios', message: MSG.displayScenariosRequired }];
  const issues: DisplayIssue[] = [];
  const ids = new Set<string>();
  const orders = new Set<number>();
  scenarios.forEach((scenario, i) => {
    const path = `displayScenarios.${i}`;
    if (ids.has(scenario.id))
      issues.push({ path: `${path}.id`, message: MSG.displayScenarioTwice(scenario.id) });
    if (orders.has(scenario.order))
      issues.push({ path: `${path}.order`, message: MSG.displayOrderTwice(scenario.order) });
    ids.add(scenario.id);
    orders.add(scenario.order);
    const instance = instances.get(scenario.id);
    if (!instance || !sees(instance.type)) {
      issues.push({ path: `${path}.id`, message: MSG.displayScenarioNotFound(scenario.id) });
      return;
    }
    if (instance.type === 'display') {
      issues.push({ path: `${path}.id`, message: MSG.displayScenarioIsAnalysis(instance.name) });
      return;
    }
    if (!hasResults(instance.status))
      issues.push({ path: `${path}.id`, message: MSG.displayScenarioNotFinished(instance.name) });
    if (subModels.get(instance.executionSetupId)?.displayExecutionSetupId !== display.id)
      issues.push({
        path: `${path}.id`,
        message: MSG.displayScenarioOtherDisplay(instance.name, display.name),
      });
  });
  return issues;
}

/** Throws 422 with every problem of `scenarios` (the first as the message); see the module comment. */
export async function checkDisplayScenarios(
  user: User,
  model: ModelRecord,
  display: Pick<SubModelRecord, 'id' | 'name'>,
  scenarios: DisplayScenarios,
): Promise<void> {
  const unique = [...new Set(scenarios.map((s) => s.id))];
  const [found, subModels] = await Promise.all([
    Promise.all(unique.map((id) => getInstance(model.uuid, id))),
    listSubModels(model.uuid),
  ]);
  const issues = displayScenarioIssues(
    display,
    scenarios,
    new Map(unique.map((id, i) => [id, found[i]])),
    new Map(subModels.map((s) => [s.id, s])),
    (type) => seesInstancesOf(user, model, type),
  );
  const first = issues[0];
  if (first) throw new UnprocessableError(first.message, issues);
}
