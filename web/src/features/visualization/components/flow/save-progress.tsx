import type { InstanceStatus } from '@shared/sub-models/instances';
import { FORM_MESSAGES } from '@shared/sub-models/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { RadioButton } from 'primereact/radiobutton';
import { useId, useState } from 'react';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { ApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/message-stack';
import { workspaceKeys } from '../../../../lib/workspace';
import { createAnalysis, putAnalysisInputs, updateDraftAnalysis } from '../../api/visualization-api';
import { canSaveProgress, defaultAnalysisName, FLOW_TEXTS, toDisplayScenarios } from './flow-state';
import { AnalysisNameField } from './name-field';

/** The analysis the flow is changing, as Save Progress needs it. */
export interface CurrentDraft {
  id: string;
  name: string;
  status: InstanceStatus;
  hidden: boolean;
  permissions: { edit: string };
}

export interface SaveProgressProps {
  uuid: string;
  /** The display sub-model the ticked instances share (undefined: nothing ticked yet). */
  displayId: string | undefined;
  /** The ticked instances in their displayed order. */
  scenarios: readonly string[];
  labels?: ReadonlyMap<string, string | undefined>;
  kind: 'calibration' | 'scenario' | undefined;
  current: CurrentDraft | undefined;
  /** Step 2: the display parameters to keep with the draft (JSON text of an object), if any. */
  parameters?: () => { modelInputId: string; value: string } | undefined;
  onSaved: (id: string) => void;
}

type Mode = 'new' | 'update';

/**
 * Save Progress (spec 001 §2 sidebars, §4, §5): keeps the flow's state on the server as a hidden
 * analysis of the caller, the draft the flow reopens from (its displayed scenarios in order, and on
 * step 2 the display parameters). Allowed only while the analysis is a draft or absent and something
 * is ticked; 'Save as new' creates another draft, 'Update current' changes the one being edited (only
 * while it has not run, and only for those who may change it). The name is required, at most 200
 * characters and unique in the entry (the server's 409 is shown at the field).
 */
export function SaveProgress(props: SaveProgressProps) {
  const [open, setOpen] = useState(false);
  const allowed = canSaveProgress(props.current?.status, props.scenarios.length) && Boolean(props.displayId);
  return (
    <>
      <Button
        type="button"
        label={FLOW_TEXTS.saveProgress}
        icon="pi pi-bookmark"
        outlined
        disabled={!allowed}
        onClick={() => setOpen(true)}
      />
      {open && <SaveProgressDialog {...props} onHide={() => setOpen(false)} />}
    </>
  );
}

function SaveProgressDialog({
  uuid,
  displayId,
  scenarios,
  labels,
  kind,
  current,
  parameters,
  onSaved,
  onHide,
}: SaveProgressProps & { onHide: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const updatable =
    current !== undefined && current.status === 'DRAFT' && current.permissions.edit === 'allowed';
  const [mode, setMode] = useState<Mode>(updatable ? 'update' : 'new');
  const [name, setName] = useState(() => (updatable && current ? current.name : defaultAnalysisName(kind)));
  const [error, setError] = useState<string>();

  const save = useMutation({
    mutationFn: async () => {
      const displayScenarios = toDisplayScenarios(scenarios, labels);
      const trimmed = name.trim();
      const saved =
        mode === 'update' && current
          ? await updateDraftAnalysis(uuid, current.id, {
              ...(trimmed !== current.name ? { name: trimmed } : {}),
              displayScenarios,
            })
          : await createAnalysis(uuid, displayId ?? '', { name: trimmed, displayScenarios });
      const values = parameters?.();
      if (values) await putAnalysisInputs(uuid, saved.id, values);
      return saved.id;
    },
    onSuccess: (savedId) => {
      notify.success(FLOW_TEXTS.progressSaved);
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.instances(uuid) });
      onHide();
      onSaved(savedId);
    },
    onError: (e) =>
      setError(e instanceof ApiError ? (e.body?.message ?? 'Saving failed.') : 'Saving failed.'),
  });

  const submit = () => {
    if (!name.trim()) setError(FORM_MESSAGES.required('Name'));
    else save.mutate();
  };

  return (
    <ActionDialog
      header={FLOW_TEXTS.saveProgress}
      width="36rem"
      onHide={onHide}
      confirmLabel="Save"
      busy={save.isPending}
      onConfirm={submit}
    >
      <fieldset className="mr-viz-progress-mode">
        <legend className="mr-visually-hidden">How to save</legend>
        {(
          [
            ['new', FLOW_TEXTS.saveAsNew, false],
            ['update', FLOW_TEXTS.updateCurrent, !updatable],
          ] as const
        ).map(([value, label, disabled]) => (
          <div key={value} className="mr-viz-radio">
            <RadioButton
              inputId={`${id}-${value}`}
              name={`${id}-mode`}
              value={value}
              checked={mode === value}
              disabled={disabled}
              onChange={() => {
                setMode(value);
                setName(value === 'update' && current ? current.name : defaultAnalysisName(kind));
                setError(undefined);
              }}
            />{' '}
            <label htmlFor={`${id}-${value}`}>{label}</label>
          </div>
        ))}
      </fieldset>
      <AnalysisNameField
        id={id}
        name={name}
        error={error}
        onChange={(next) => {
          setName(next);
          setError(undefined);
        }}
        onSubmit={submit}
      />
    </ActionDialog>
  );
}
