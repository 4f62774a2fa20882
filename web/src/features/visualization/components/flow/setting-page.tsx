import type { ModelInputView, SubModelView } from '@shared/schemas/sub-models-api';
import {
  defaultInstanceValues,
  type InstanceValues,
  parseParametersJson,
  validateInstanceValues,
} from '@shared/sub-models/instance-values';
import { canEditInstance } from '@shared/sub-models/instances';
import { SUB_MODEL_LIMITS } from '@shared/sub-models/limits';
import { validateTemplateText } from '@shared/sub-models/model-input';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { expertiseQuery } from '../../../../api/models';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { usePageTitle } from '../../../../components/ui/page-title';
import { Spinner } from '../../../../components/ui/spinner';
import { TextAreaField } from '../../../../components/ui/text-area-field';
import { paths } from '../../../../config/paths';
import { useCurrentUser } from '../../../../lib/current-user';
import { notify } from '../../../../lib/message-stack';
import { useDebounced } from '../../../../lib/use-debounced';
import { workspaceKeys } from '../../../../lib/workspace';
import {
  createAnalysis,
  executeAnalysis,
  inputsQuery,
  instanceQuery,
  putAnalysisInputs,
  setDisplayScenarios,
  subModelsQuery,
} from '../../api/visualization-api';
import { FlowLayout } from './flow-layout';
import {
  analysisKind,
  defaultAnalysisName,
  FLOW_TEXTS,
  joinIds,
  moveItem,
  parseIds,
  toDisplayScenarios,
} from './flow-state';
import type { ParametersFormComponent } from './parameters-slot';
import { type CurrentDraft, SaveProgress } from './save-progress';

/** The input definition an analysis uses: the newest of the sub-model's definition type. */
const definitionInput = (items: readonly ModelInputView[] | undefined, subModel: SubModelView | undefined) =>
  items?.find((i) => i.type === subModel?.definitionType) ?? items?.[0];

const parseObject = (text: string | undefined): InstanceValues => {
  const parsed = parseParametersJson(text ?? '{}');
  return parsed.ok ? parsed.values : {};
};

/**
 * Step 2 of the visualization (spec 001 §2 "Step 2 (settings)", §4, §5): the display sub-model's
 * parameters, the selected instances in a drag-reorderable table (order from 1), Discard Changes and
 * Create Data Visualization. Creating creates or updates the hidden analysis (an instance of the
 * display sub-model naming the displayed scenarios), stores the parameters, starts its execution and
 * goes on to step 3, which follows the run live. With no selection the user is sent back to step 1.
 */
export default function SettingPage({ parametersForm }: { parametersForm: ParametersFormComponent }) {
  const { modelUuid = '' } = useParams();
  const [search] = useSearchParams();
  usePageTitle('Setting Display Parameters');
  const scenarios = parseIds(search.get('scenarios'));
  const analysisId = search.get('analysis') ?? undefined;

  const instances = useQueries({ queries: scenarios.map((id) => instanceQuery(modelUuid, id)) });
  const lists = useQueries({
    queries: (['scenario', 'calibration', 'display'] as const).map((t) => subModelsQuery(modelUuid, t)),
  });
  const subModels = new Map(lists.flatMap((q) => q.data?.items ?? []).map((s) => [s.id, s]));
  const first = instances[0]?.data;
  const display = subModels.get(subModels.get(first?.executionSetupId ?? '')?.displayExecutionSetupId ?? '');
  const inputs = useQuery(inputsQuery(modelUuid, display?.id ?? ''));
  const analysis = useQuery(instanceQuery(modelUuid, analysisId ?? ''));
  const me = useCurrentUser();
  const expertise = useQuery({ ...expertiseQuery(modelUuid, me.id), meta: { silent: true } });

  if (scenarios.length === 0)
    return <Navigate to={paths.visualizationSelection.getHref(modelUuid)} replace />;
  const loading =
    instances.some((q) => q.isPending) ||
    lists.some((q) => q.isPending) ||
    (display && inputs.isPending) ||
    (analysisId && analysis.isPending);
  const input = definitionInput(inputs.data?.items, display);
  return (
    <FlowLayout uuid={modelUuid} step={2}>
      <h1 className="mr-page-title">Setting Display Parameters</h1>
      {loading ? (
        <Spinner />
      ) : !display ? (
        <p className="mr-error-text">{FLOW_TEXTS.noDisplay}</p>
      ) : !input ? (
        <p className="mr-error-text">{FLOW_TEXTS.noDisplayInput}</p>
      ) : (
        <Settings
          // A new analysis or definition starts from its own values.
          key={`${analysis.data?.id ?? ''}-${input.id}`}
          uuid={modelUuid}
          display={display}
          input={input}
          analysis={analysis.data}
          scenarios={scenarios}
          rows={instances.flatMap((q) => (q.data ? [q.data] : []))}
          userLevel={expertise.data?.expertiseTypeLevel ?? 500}
          ParametersForm={parametersForm}
        />
      )}
    </FlowLayout>
  );
}

interface SettingsProps {
  uuid: string;
  display: SubModelView;
  input: ModelInputView;
  analysis: (CurrentDraft & { input: { value: string } }) | undefined;
  scenarios: string[];
  rows: { id: string; name: string; label?: string; type: 'scenario' | 'calibration' | 'display' }[];
  userLevel: number;
  ParametersForm: ParametersFormComponent;
}

function Settings({
  uuid,
  display,
  input,
  analysis,
  scenarios,
  rows,
  userLevel,
  ParametersForm,
}: SettingsProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [, setSearch] = useSearchParams();
  const template = useMemo(
    () => (input.type === 'JSONTEMPLATE' ? validateTemplateText(input.value) : undefined),
    [input],
  );
  const definitions = template?.valid ? template.definitions : undefined;
  // The display sub-model's defaults, then what the analysis stored: a JSON Template's defaults, or a
  // plain JSON definition's own values (the parameters the sub-model was configured with).
  const initialValues = useMemo(
    () => ({
      ...(definitions
        ? defaultInstanceValues(definitions)
        : input.type === 'JSON'
          ? parseObject(input.value)
          : {}),
      ...parseObject(analysis?.input.value),
    }),
    [definitions, input, analysis],
  );
  const [values, setValues] = useState<InstanceValues>(initialValues);
  const [text, setText] = useState(() => JSON.stringify(initialValues, null, 2));
  const [initialOrder] = useState(scenarios);
  const [invalid, setInvalid] = useState(false);
  const [dragged, setDragged] = useState<number>();
  const settled = useDebounced(values, SUB_MODEL_LIMITS.parameterValidationDebounceMs);
  const issues = useMemo(
    () => (definitions ? validateInstanceValues(definitions, settled, userLevel) : []),
    [definitions, settled, userLevel],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const kind = analysisKind(rows.map((r) => r.type));

  const setOrder = (ids: string[]) =>
    setSearch(
      (old) => {
        const next = new URLSearchParams(old);
        next.set('scenarios', joinIds(ids) ?? '');
        return next;
      },
      { replace: true },
    );

  /** The values as they will be stored, or undefined when they are not valid (checked now, not debounced). */
  const currentValue = (): string | undefined => {
    if (definitions)
      return validateInstanceValues(definitions, values, userLevel).length === 0
        ? JSON.stringify(values)
        : undefined;
    if (template && !template.valid) return undefined;
    const parsed = parseParametersJson(text);
    return parsed.ok ? JSON.stringify(parsed.values) : undefined;
  };

  const create = useMutation({
    mutationFn: async (value: string) => {
      const displayScenarios = toDisplayScenarios(scenarios, new Map(rows.map((r) => [r.id, r.label])));
      // A draft (or failed, cancelled) analysis is updated; a finished one is kept and a new one made.
      const id =
        analysis && canEditInstance(analysis.status)
          ? (await setDisplayScenarios(uuid, analysis.id, displayScenarios)).id
          : (await createAnalysis(uuid, display.id, { name: defaultAnalysisName(kind), displayScenarios }))
              .id;
      await putAnalysisInputs(uuid, id, { modelInputId: input.id, value });
      const { groupId } = await executeAnalysis(uuid, id);
      if (!groupId) throw new Error(FLOW_TEXTS.failedExecution);
      return id;
    },
    onSuccess: (id) => {
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.instances(uuid) });
      navigate(paths.visualizationRender.getHref(uuid, id));
    },
    onError: () => notify.error(FLOW_TEXTS.failedExecution),
  });

  const start = () => {
    const value = currentValue();
    if (value === undefined) setInvalid(true);
    else create.mutate(value);
  };

  /** Save Progress keeps the parameters as they are, valid or not, as long as they are an object. */
  const progressParameters = () => {
    if (definitions) return { modelInputId: input.id, value: JSON.stringify(values) };
    const parsed = parseParametersJson(text);
    return parsed.ok ? { modelInputId: input.id, value: JSON.stringify(parsed.values) } : undefined;
  };

  const discard = () => {
    setValues(initialValues);
    setText(JSON.stringify(initialValues, null, 2));
    setOrder(initialOrder);
  };

  return (
    <>
      <div className="mr-viz-settings">
        <section aria-label="Display parameters">
          <h2>{display.name}</h2>
          {definitions ? (
            <ParametersForm
              definitions={definitions}
              values={values}
              userLevel={userLevel}
              readOnly={false}
              issues={issues}
              onChange={(name, value) => setValues((old) => ({ ...old, [name]: value }))}
              upload={{ uuid, instanceId: analysis?.id ?? '' }}
            />
          ) : template ? (
            <p className="mr-error-text">The display sub-model's input definition is not valid.</p>
          ) : (
            <TextAreaField
              label="Parameters (JSON)"
              value={text}
              onChange={setText}
              error={(() => {
                const parsed = parseParametersJson(text);
                return parsed.ok ? undefined : parsed.message;
              })()}
              rows={14}
              maxLength={350 * 1024}
            />
          )}
        </section>
        <section aria-label="Selected instances">
          <h2>Selected instances</h2>
          <table className="mr-viz-order">
            <caption className="mr-visually-hidden">
              Displayed order; drag a row, or use its buttons, to change it
            </caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Scenario</th>
                <th scope="col">Label</th>
                <th scope="col">
                  <span className="mr-visually-hidden">Move</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {scenarios.map((id, i) => (
                <tr
                  key={id}
                  draggable
                  data-dragging={dragged === i}
                  onDragStart={(e) => {
                    setDragged(i);
                    e.dataTransfer.effectAllowed = 'move';
                  }}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={(e) => {
                    e.preventDefault();
                    if (dragged !== undefined) setOrder(moveItem(scenarios, dragged, i));
                    setDragged(undefined);
                  }}
                  onDragEnd={() => setDragged(undefined)}
                >
                  <td>
                    <i className="pi pi-bars mr-viz-order__handle" aria-hidden="true" /> {i + 1}
                  </td>
                  <td>{byId.get(id)?.name ?? id}</td>
                  <td>{byId.get(id)?.label ?? ''}</td>
                  <td>
                    <Button
                      type="button"
                      icon="pi pi-arrow-up"
                      text
                      rounded
                      aria-label={`Move ${byId.get(id)?.name ?? id} up`}
                      disabled={i === 0}
                      onClick={() => setOrder(moveItem(scenarios, i, i - 1))}
                    />
                    <Button
                      type="button"
                      icon="pi pi-arrow-down"
                      text
                      rounded
                      aria-label={`Move ${byId.get(id)?.name ?? id} down`}
                      disabled={i === scenarios.length - 1}
                      onClick={() => setOrder(moveItem(scenarios, i, i + 1))}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            <Button
              type="button"
              link
              label="Change the selection"
              onClick={() =>
                navigate(
                  `${paths.visualizationSelection.getHref(uuid)}?${new URLSearchParams({
                    selected: scenarios.join(','),
                    display: display.id,
                    ...(analysis ? { analysis: analysis.id } : {}),
                  })}`,
                )
              }
            />
          </p>
        </section>
      </div>
      <div className="mr-viz-footer">
        <Button
          type="button"
          label={FLOW_TEXTS.discard}
          outlined
          onClick={discard}
          disabled={create.isPending}
        />
        <SaveProgress
          uuid={uuid}
          displayId={display.id}
          scenarios={scenarios}
          labels={new Map(rows.map((r) => [r.id, r.label]))}
          kind={kind}
          current={analysis}
          parameters={progressParameters}
          onSaved={(id) =>
            setSearch(
              (old) => {
                const next = new URLSearchParams(old);
                next.set('analysis', id);
                return next;
              },
              { replace: true },
            )
          }
        />
        <Button
          type="button"
          label={FLOW_TEXTS.create}
          icon="pi pi-chart-bar"
          loading={create.isPending}
          onClick={start}
        />
      </div>
      {invalid && (
        <ActionDialog
          header={FLOW_TEXTS.invalidParametersTitle}
          width="30rem"
          onHide={() => setInvalid(false)}
          confirmLabel="OK"
          onConfirm={() => setInvalid(false)}
        >
          <p>{FLOW_TEXTS.invalidParametersText}</p>
        </ActionDialog>
      )}
    </>
  );
}
