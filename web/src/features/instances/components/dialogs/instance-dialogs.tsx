import type { ModelInputView } from '@shared/schemas/sub-models-api';
import {
  addInstanceProblem,
  canCloneInstance,
  canEditInstance,
  INSTANCE_LABELS,
  InstanceLabelSchema,
  InstanceNameSchema,
  type InstanceStatus,
  instanceNameTaken,
} from '@shared/sub-models/instances';
import { SUB_MODEL_LIMITS } from '@shared/sub-models/limits';
import { FORM_MESSAGES, SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { ApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/message-stack';
import { zodResolver } from '../../../../lib/zod-resolver';
import {
  apiMessage,
  cloneInstance,
  createInstance,
  deleteInstance,
  type InstanceDetailView,
  instanceKeys,
  renameInstance,
  setInstanceLabel,
} from '../../api/instances-api';
import { CalibrationPicker, useCalibrationChoice } from '../form/calibration-picker';
import { TextField } from '../form/form-fields';
import { useNameCheck } from './use-name-check';

/** Instance dialogs are about 40rem wide (spec 001 §2). */
export const INSTANCE_DIALOG_WIDTH = '40rem';

const OptionalLabelSchema = z
  .string()
  .check(
    z.trim(),
    z.maxLength(SUB_MODEL_LIMITS.instanceLabelMax, FORM_MESSAGES.tooLong(INSTANCE_LABELS.label)),
  );
/** Add has a label too; edit and clone leave it out. */
const NameFormSchema = z.object({ name: InstanceNameSchema, label: z.optional(OptionalLabelSchema) });
const LabelSchema = z.object({ label: InstanceLabelSchema });

type NameForm = { name: string; label?: string };

interface InstanceRef {
  id: string;
  name: string;
  status: InstanceStatus;
  outdated: boolean;
  label?: string | undefined;
}

/** The name field with the server's uniqueness check (1000 ms debounce), shared by add, edit, clone. */
function useNameForm(
  uuid: string,
  defaults: NameForm,
  check: { originalName?: string; instanceId?: string },
) {
  const form = useForm<NameForm>({
    resolver: zodResolver(NameFormSchema),
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const name = form.watch('name') ?? '';
  const unique = useNameCheck(uuid, name, check);
  const nameError = form.formState.errors.name?.message ?? unique.error;
  /** Runs the form rules, then the name check at once; calls `save` only when both pass. */
  const submit = (save: (values: NameForm) => void) =>
    form.handleSubmit(async (values) => {
      if (!(await unique.verify(values.name))) {
        form.setError('name', { type: 'unique', message: instanceNameTaken() });
        return;
      }
      save(values);
    });
  /**
   * A refusal of the server (409, 422): a taken name, or a problem of the name field, is shown at the
   * field; any other (an instance's state changed meanwhile, an invalid template) as an error message.
   */
  const refused = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    const message = apiMessage(error) ?? FORM_MESSAGES.invalid(INSTANCE_LABELS.name);
    const atName = error.body?.issues?.some((i) => i.path.endsWith('name'));
    if (message === instanceNameTaken() || atName) form.setError('name', { type: 'server', message });
    else notify.error(message);
  };
  return { form, nameError, hint: unique.hint, submit, refused };
}

export interface AddInstanceDialogProps {
  uuid: string;
  subModelId: string;
  /** The sub-model's input definition: an invalid template blocks adding (§5). */
  input: Pick<ModelInputView, 'type' | 'value'> | undefined;
  onHide: () => void;
  onCreated: (instance: InstanceDetailView) => void;
}

/**
 * Add Instance (§2): name (≤ 200, unique within the model) and an optional label (≤ 50); for a
 * sub-model linked to a calibration sub-model, the accepted calibration it runs with (issue 21 §1,
 * §7 "List for calibration selection"), which may also wait until Execute.
 */
export function AddInstanceDialog({ uuid, subModelId, input, onHide, onCreated }: AddInstanceDialogProps) {
  const queryClient = useQueryClient();
  const { form, nameError, hint, submit, refused } = useNameForm(uuid, { name: '', label: '' }, {});
  const blocked = addInstanceProblem(input);
  const calibration = useCalibrationChoice(uuid, { executionSetupId: subModelId });
  const mutation = useMutation({
    mutationFn: (values: NameForm) =>
      createInstance(uuid, subModelId, {
        name: values.name,
        ...(values.label ? { label: values.label } : {}),
        ...(calibration.linked && calibration.selected
          ? { calibrationInstanceId: calibration.selected }
          : {}),
      }),
    onSuccess: (instance) => {
      notify.success(SUB_MODEL_MESSAGES.instanceCreated);
      void queryClient.invalidateQueries({ queryKey: instanceKeys.all(uuid) });
      onCreated(instance);
    },
    onError: refused,
  });
  return (
    <ActionDialog
      header="Add Instance"
      width={INSTANCE_DIALOG_WIDTH}
      onHide={onHide}
      confirmLabel="Create"
      form="mr-add-instance"
      busy={mutation.isPending}
      confirmDisabled={Boolean(blocked)}
    >
      <form id="mr-add-instance" noValidate onSubmit={submit((values) => mutation.mutate(values))}>
        {blocked && (
          <p className="mr-error-text" role="alert">
            {blocked}
          </p>
        )}
        <TextField
          label="Instance Name *"
          autoFocus
          maxLength={SUB_MODEL_LIMITS.instanceNameMax + 1}
          disabled={Boolean(blocked)}
          error={nameError}
          hint={hint}
          {...form.register('name')}
        />
        <TextField
          label="Label"
          maxLength={SUB_MODEL_LIMITS.instanceLabelMax + 1}
          disabled={Boolean(blocked)}
          error={form.formState.errors.label?.message}
          {...form.register('label')}
        />
        <CalibrationPicker
          choice={calibration}
          inputId="add-instance-calibration"
          disabled={Boolean(blocked)}
          optional
        />
      </form>
    </ActionDialog>
  );
}

export interface InstanceDialogProps {
  uuid: string;
  instance: InstanceRef;
  onHide: () => void;
}

/** Edit Instance (§2): rename; only drafts, failed or cancelled instances (§4). */
export function EditInstanceDialog({ uuid, instance, onHide }: InstanceDialogProps) {
  const queryClient = useQueryClient();
  const { form, nameError, hint, submit, refused } = useNameForm(
    uuid,
    { name: instance.name },
    { originalName: instance.name, instanceId: instance.id },
  );
  const editable = canEditInstance(instance.status);
  const mutation = useMutation({
    mutationFn: (values: NameForm) => renameInstance(uuid, instance.id, values.name),
    onSuccess: () => {
      notify.success(SUB_MODEL_MESSAGES.instanceUpdated);
      void queryClient.invalidateQueries({ queryKey: instanceKeys.all(uuid) });
      onHide();
    },
    onError: refused,
  });
  return (
    <ActionDialog
      header="Edit Instance"
      width={INSTANCE_DIALOG_WIDTH}
      onHide={onHide}
      confirmLabel="Save"
      form="mr-edit-instance"
      busy={mutation.isPending}
      confirmDisabled={!editable}
      confirmTitle={editable ? undefined : 'Only draft, failed or cancelled instances can be edited'}
    >
      <form id="mr-edit-instance" noValidate onSubmit={submit((values) => mutation.mutate(values))}>
        <TextField
          label="Instance Name *"
          autoFocus
          maxLength={SUB_MODEL_LIMITS.instanceNameMax + 1}
          disabled={!editable}
          error={nameError}
          hint={hint}
          {...form.register('name')}
        />
      </form>
    </ActionDialog>
  );
}

/** The name a clone starts with: the original's, marked as a copy, within the 200 limit. */
export const cloneName = (name: string) => `Copy of ${name}`.slice(0, SUB_MODEL_LIMITS.instanceNameMax);

/** Clone or Copy Scenario (§2): a new draft with the same values; only non-outdated instances (§4). */
export function CloneInstanceDialog({
  uuid,
  instance,
  onHide,
  onCloned,
}: InstanceDialogProps & { onCloned?: (clone: InstanceDetailView) => void }) {
  const queryClient = useQueryClient();
  const { form, nameError, hint, submit, refused } = useNameForm(
    uuid,
    { name: cloneName(instance.name) },
    {},
  );
  const allowed = canCloneInstance(instance);
  const mutation = useMutation({
    mutationFn: (values: NameForm) => cloneInstance(uuid, instance.id, values.name),
    onSuccess: (clone) => {
      notify.success(SUB_MODEL_MESSAGES.scenarioCloned);
      void queryClient.invalidateQueries({ queryKey: instanceKeys.all(uuid) });
      onCloned?.(clone);
      onHide();
    },
    onError: refused,
  });
  return (
    <ActionDialog
      header="Clone Scenario"
      width={INSTANCE_DIALOG_WIDTH}
      onHide={onHide}
      confirmLabel="Clone"
      form="mr-clone-instance"
      busy={mutation.isPending}
      confirmDisabled={!allowed}
      confirmTitle={allowed ? undefined : 'Outdated instances cannot be cloned'}
    >
      <form id="mr-clone-instance" noValidate onSubmit={submit((values) => mutation.mutate(values))}>
        <p>
          Clone <strong>{instance.name}</strong> with its parameters into a new instance.
        </p>
        <TextField
          label="Instance Name *"
          autoFocus
          maxLength={SUB_MODEL_LIMITS.instanceNameMax + 1}
          disabled={!allowed}
          error={nameError}
          hint={hint}
          {...form.register('name')}
        />
      </form>
    </ActionDialog>
  );
}

/** Edit Label (§2, one per row): required, at most 50. */
export function LabelDialog({ uuid, instance, onHide }: InstanceDialogProps) {
  const queryClient = useQueryClient();
  const form = useForm<{ label: string }>({
    resolver: zodResolver(LabelSchema),
    defaultValues: { label: instance.label ?? '' },
    mode: 'onTouched',
  });
  const mutation = useMutation({
    mutationFn: (label: string) => setInstanceLabel(uuid, instance.id, label),
    onSuccess: () => {
      notify.success(SUB_MODEL_MESSAGES.instanceUpdated);
      void queryClient.invalidateQueries({ queryKey: instanceKeys.all(uuid) });
      onHide();
    },
  });
  return (
    <ActionDialog
      header="Edit Label"
      width={INSTANCE_DIALOG_WIDTH}
      onHide={onHide}
      confirmLabel="Save"
      form="mr-instance-label"
      busy={mutation.isPending}
    >
      <form
        id="mr-instance-label"
        noValidate
        onSubmit={form.handleSubmit((values) => mutation.mutate(values.label))}
      >
        <p>
          Label of <strong>{instance.name}</strong>
        </p>
        <TextField
          label="Label *"
          autoFocus
          maxLength={SUB_MODEL_LIMITS.instanceLabelMax + 1}
          error={form.formState.errors.label?.message}
          {...form.register('label')}
        />
      </form>
    </ActionDialog>
  );
}

/** Delete Scenario (§2): permanent; own drafts, failed, cancelled or completed instances (§4). */
export function DeleteInstanceDialog({
  uuid,
  instance,
  onHide,
  onDeleted,
}: InstanceDialogProps & { onDeleted?: () => void }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => deleteInstance(uuid, instance.id),
    onSuccess: () => {
      notify.success(SUB_MODEL_MESSAGES.scenarioDeleted);
      queryClient.removeQueries({ queryKey: instanceKeys.detail(uuid, instance.id) });
      void queryClient.invalidateQueries({ queryKey: instanceKeys.all(uuid) });
      onDeleted?.();
      onHide();
    },
  });
  return (
    <ActionDialog
      header="Delete Scenario"
      width={INSTANCE_DIALOG_WIDTH}
      onHide={onHide}
      confirmLabel="Delete"
      confirmIcon="pi pi-trash"
      danger
      busy={mutation.isPending}
      onConfirm={() => mutation.mutate()}
    >
      <p>
        Delete <strong>{instance.name}</strong> permanently? Its parameters are deleted with it.
      </p>
    </ActionDialog>
  );
}
