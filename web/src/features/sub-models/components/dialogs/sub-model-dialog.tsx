import type { FileNode, ModelDetail } from '@shared/schemas/model-api';
import type { SectionAccess, SubModelView } from '@shared/schemas/sub-models-api';
import { definitionFileProblem, importDefinitionFile } from '@shared/sub-models/definition-import';
import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { INPUT_DEFINITION_TYPE_LABELS, type InputDefinitionType } from '@shared/sub-models/model-input';
import {
  FORM_LABELS,
  isDefinitionTypeEditable,
  OUTDATE_CHOICES,
  SUB_MODEL_LINKS,
  SubModelFormSchema,
  type SubModelFormValues,
  type SubModelType,
  toSubModelPayload,
} from '@shared/sub-models/sub-model';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useId, useMemo, useState } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { entryFilesQuery } from '../../../../api/entry';
import { DialogFooter } from '../../../../components/ui/dialog-footer';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/message-stack';
import { workspaceKeys } from '../../../../lib/workspace';
import { zodResolver } from '../../../../lib/zod-resolver';
import {
  createSubModel,
  importDefinition,
  subModelListQuery,
  updateSubModel,
} from '../../api/sub-models-api';
import { Field } from '../form/field';
import { NumberInput } from '../form/number-input';
import { ExecutionFilePicker } from './execution-file-picker';
import { filePathOf, initialForm, type PickerState, pickerState } from './sub-model-form';
import './dialogs.css';
import { ModalDialog } from '../../../../components/ui/modal-dialog';

export interface SubModelDialogProps {
  mode: 'add' | 'edit';
  model: ModelDetail;
  section: SubModelType;
  access: SectionAccess;
  /** The sub-model to edit. */
  subModel?: SubModelView;
  onHide: () => void;
  onSaved: (subModel: SubModelView) => void;
}

/** A definition file read in the browser, checked with the shared import rules before it is sent. */
interface ChosenFile {
  fileName: string;
  content: string;
}

/** Why the 'Select file' button is disabled (our wording for §2's rule). */
export const NO_FILES_REASON =
  'No environment is set for this model type, or the model has no files it can execute.';

/**
 * Add/Edit sub-model (spec 001 §2, §5): 40rem wide; the definition type is fixed when editing; an
 * edit asks whether earlier instances become outdated. Loads the entry's files first (the picker and
 * the environment depend on them).
 */
/** Our texts of the definition import (the spec gives only its error messages). */
export const SUB_MODEL_DIALOG_TEXTS = {
  fileReady: (fileName: string, count: number) =>
    `${fileName}: ${count} parameter definition${count === 1 ? '' : 's'} will be imported on Save.`,
  jsonReady: (fileName: string) => `${fileName}: the JSON definition will be imported on Save.`,
  imported: (fileName: string) => `Input definition imported from ${fileName}`,
} as const;

export function SubModelDialog(props: SubModelDialogProps) {
  const files = useQuery(entryFilesQuery(props.model.uuid));
  const title = props.mode === 'add' ? 'Add Sub-model' : 'Edit Sub-model';
  if (!files.data) {
    return (
      <ModalDialog header={title} visible onHide={props.onHide} style={{ width: '40rem', maxWidth: '95vw' }}>
        {files.isError ? (
          <p className="mr-error-text">The files of this model could not be loaded.</p>
        ) : (
          <Spinner />
        )}
      </ModalDialog>
    );
  }
  return <SubModelFormDialog {...props} title={title} picker={pickerState(props.model, files.data.items)} />;
}

function SubModelFormDialog({
  mode,
  model,
  section,
  access,
  subModel,
  onHide,
  onSaved,
  title,
  picker,
}: SubModelDialogProps & { title: string; picker: PickerState }) {
  const formId = useId();
  const queryClient = useQueryClient();
  const links = SUB_MODEL_LINKS[section];
  const calibration = useQuery({
    ...subModelListQuery(model.uuid, 'calibration'),
    enabled: links.calibration && access.sections.calibration === 'allowed',
  });
  const display = useQuery({
    ...subModelListQuery(model.uuid, 'display'),
    enabled: links.display && access.sections.display === 'allowed',
  });
  const {
    control,
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<SubModelFormValues>({
    resolver: zodResolver(SubModelFormSchema),
    defaultValues: initialForm(subModel, picker.environments),
    // Problems show after a Save (then as the user fixes them), not when a field is merely left: a
    // message appearing on blur shifts the dialog under the pointer of the next click.
    mode: 'onSubmit',
  });
  const [picking, setPicking] = useState(false);
  const [chosen, setChosen] = useState<ChosenFile | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();
  const [pending, setPending] = useState<SubModelFormValues | undefined>();
  const definitionType = watch('definitionType') as InputDefinitionType;
  const executionModels = watch('executionModels') ?? [];

  const checkFile = (file: ChosenFile | undefined, type: InputDefinitionType) => {
    if (!file) return undefined;
    const result = importDefinitionFile(file.fileName, file.content, type);
    return result.ok ? undefined : result.message;
  };

  const chooseFile = async (file: File | undefined) => {
    if (!file) {
      setChosen(undefined);
      setFileError(undefined);
      return;
    }
    // Read even when its type does not fit the definition type chosen now: switching the type checks
    // the file again, and an unread file would then fail as 'Invalid data structure' (issue 21 §8).
    const next = { fileName: file.name, content: await file.text() };
    setChosen(next);
    setFileError(definitionFileProblem(file.name, definitionType) ?? checkFile(next, definitionType));
  };
  /** What a file that checked out will import (issue 21 §8: a good file got no word of confirmation). */
  // Parsed once per chosen file and type, not on every keystroke in the form.
  const readyText = useMemo(() => {
    if (!chosen || fileError) return undefined;
    const result = importDefinitionFile(chosen.fileName, chosen.content, definitionType);
    if (!result.ok) return undefined;
    return result.type === 'JSONTEMPLATE'
      ? SUB_MODEL_DIALOG_TEXTS.fileReady(chosen.fileName, result.definitions.length)
      : SUB_MODEL_DIALOG_TEXTS.jsonReady(chosen.fileName);
  }, [chosen, fileError, definitionType]);

  const fileName = (uuid: string) => {
    const file: FileNode | undefined = picker.files.find((f) => f.uuid === uuid);
    return file ? filePathOf(file) : uuid;
  };

  /** Create or update, then import the chosen definition file; the save is pending until both end. */
  const saveMutation = useMutation({
    mutationFn: async ({
      values,
      outdateInstances,
    }: {
      values: SubModelFormValues;
      outdateInstances?: boolean;
    }) => {
      const parsed = SubModelFormSchema.parse(values);
      const payload = toSubModelPayload(section, parsed);
      const saved =
        mode === 'add' || !subModel
          ? await createSubModel(model.uuid, { ...payload, definitionType: parsed.definitionType })
          : await updateSubModel(model.uuid, subModel.id, {
              ...payload,
              definitionType: undefined,
              ...(outdateInstances === undefined ? {} : { outdateInstances }),
            });
      notify.success(
        mode === 'add' ? SUB_MODEL_MESSAGES.subModelCreated : SUB_MODEL_MESSAGES.subModelUpdated,
      );
      if (chosen) {
        try {
          await importDefinition(model.uuid, saved.id, chosen);
          notify.success(SUB_MODEL_DIALOG_TEXTS.imported(chosen.fileName));
        } catch (error) {
          const message = error instanceof ApiError ? error.body?.message : undefined;
          if (typeof message === 'string') notify.error(message);
        }
      }
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.subModels(model.uuid) });
      return saved;
    },
    onSuccess: (saved) => onSaved(saved),
    // A failure: the API client has shown it; the busy state ends (§8).
    onSettled: () => setPending(undefined),
  });
  const busy = saveMutation.isPending;
  const save = (values: SubModelFormValues, outdateInstances?: boolean) =>
    saveMutation.mutate({ values, outdateInstances });

  const submit = handleSubmit((values) => {
    if (fileError) return;
    if (mode === 'edit') setPending(values);
    else save(values);
  });

  const typeEditable = isDefinitionTypeEditable(mode);
  const linkOptions = (list: SubModelView[] | undefined) =>
    (list ?? []).filter((s) => s.id !== subModel?.id).map((s) => ({ label: s.name, value: s.id }));

  return (
    <>
      <ModalDialog
        header={title}
        visible
        onHide={onHide}
        style={{ width: '40rem', maxWidth: '95vw' }}
        footer={<DialogFooter onCancel={onHide} confirmLabel="Save" form={formId} busy={busy} />}
      >
        <form id={formId} className="mr-sub-model-form" noValidate onSubmit={submit}>
          <Field label={FORM_LABELS.name} error={errors.name?.message}>
            {(c) => <InputText {...c} {...register('name')} autoFocus data-pc-autofocus maxLength={255} />}
          </Field>

          <fieldset className="mr-field mr-sub-model-form__files">
            <legend>{FORM_LABELS.executionModels}</legend>
            <ul className="mr-chips" aria-label="Selected execution files">
              {executionModels.map((uuid) => (
                <li key={uuid} className="mr-chip">
                  <span>{fileName(uuid)}</span>
                  <Button
                    type="button"
                    icon="pi pi-times"
                    text
                    rounded
                    size="small"
                    aria-label={`Remove ${fileName(uuid)}`}
                    onClick={() =>
                      setValue(
                        'executionModels',
                        executionModels.filter((id) => id !== uuid),
                        { shouldValidate: true },
                      )
                    }
                  />
                </li>
              ))}
            </ul>
            <span title={picker.enabled ? undefined : NO_FILES_REASON}>
              <Button
                type="button"
                label={SUB_MODEL_MESSAGES.selectFile}
                icon="pi pi-folder-open"
                outlined
                size="small"
                disabled={!picker.enabled}
                aria-description={picker.enabled ? undefined : NO_FILES_REASON}
                onClick={() => setPicking(true)}
              />
            </span>
            {errors.executionModels?.message && (
              <small className="mr-error-text" role="alert">
                {errors.executionModels.message}
              </small>
            )}
          </fieldset>

          <Field label={FORM_LABELS.outputPathDir} error={errors.outputPathDir?.message}>
            {(c) => <InputText {...c} {...register('outputPathDir')} maxLength={1000} />}
          </Field>

          {links.calibration && (
            <LinkField
              control={control}
              name="executionSetupId"
              label={FORM_LABELS.executionSetupId}
              error={errors.executionSetupId?.message}
              options={linkOptions(calibration.data?.items)}
            />
          )}

          {links.display && (
            <LinkField
              control={control}
              name="displayExecutionSetupId"
              label={FORM_LABELS.displayExecutionSetupId}
              error={errors.displayExecutionSetupId?.message}
              options={linkOptions(display.data?.items)}
            />
          )}

          <Field label={FORM_LABELS.environment} error={errors.environment?.message}>
            {(c) => <InputText {...c} {...register('environment')} readOnly />}
          </Field>

          <Field label={`${FORM_LABELS.timeoutMinutes} (minutes)`} error={errors.timeoutMinutes?.message}>
            {({ id, invalid, ...aria }) => (
              <Controller
                control={control}
                name="timeoutMinutes"
                render={({ field }) => (
                  <NumberInput
                    id={id}
                    invalid={invalid}
                    {...aria}
                    value={typeof field.value === 'number' ? field.value : undefined}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                )}
              />
            )}
          </Field>

          <fieldset className="mr-field">
            <legend>Input Definition</legend>
            <Field label={FORM_LABELS.definitionType} error={errors.definitionType?.message}>
              {({ id, invalid, ...aria }) => (
                <Controller
                  control={control}
                  name="definitionType"
                  render={({ field }) => (
                    <Dropdown
                      inputId={id}
                      {...aria}
                      invalid={invalid}
                      value={field.value}
                      disabled={!typeEditable}
                      options={Object.entries(INPUT_DEFINITION_TYPE_LABELS).map(([value, label]) => ({
                        value,
                        label,
                      }))}
                      onChange={(e) => {
                        field.onChange(e.value);
                        if (chosen)
                          setFileError(
                            definitionFileProblem(chosen.fileName, e.value) ?? checkFile(chosen, e.value),
                          );
                      }}
                      onBlur={field.onBlur}
                    />
                  )}
                />
              )}
            </Field>
            <Field
              label="Import definition file"
              error={fileError}
              hint={
                readyText ?? (mode === 'edit' ? 'A file replaces the current definition.' : '.json or .xml')
              }
            >
              {(c) => (
                <input
                  id={c.id}
                  aria-invalid={c['aria-invalid']}
                  aria-describedby={c['aria-describedby']}
                  type="file"
                  accept=".json,.xml"
                  className="mr-file-input"
                  onChange={(e) => void chooseFile(e.target.files?.[0])}
                />
              )}
            </Field>
          </fieldset>
        </form>
      </ModalDialog>

      {picking && (
        <ExecutionFilePicker
          files={picker.files}
          selected={executionModels}
          onHide={() => setPicking(false)}
          onApply={(uuids) => {
            setValue('executionModels', uuids, { shouldValidate: true, shouldDirty: true });
            setPicking(false);
          }}
        />
      )}

      {pending && (
        <ModalDialog
          header="Outdate instances?"
          visible
          onHide={() => setPending(undefined)}
          style={{ width: '32rem', maxWidth: '95vw' }}
          footer={
            <div className="mr-dialog-footer">
              <Button
                type="button"
                label="Cancel"
                text
                disabled={busy}
                onClick={() => setPending(undefined)}
              />
              {OUTDATE_CHOICES.map((choice) => (
                <Button
                  key={choice.label}
                  type="button"
                  label={choice.label}
                  outlined={!choice.outdate}
                  loading={busy}
                  onClick={() => save(pending, choice.outdate)}
                />
              ))}
            </div>
          }
        >
          <p>Should the earlier instances of this sub-model be marked outdated?</p>
        </ModalDialog>
      )}
    </>
  );
}

/** A link to another sub-model (calibration or display): a clearable dropdown of the section's sub-models. */
function LinkField(props: {
  control: Control<SubModelFormValues>;
  name: 'executionSetupId' | 'displayExecutionSetupId';
  label: string;
  error: string | undefined;
  options: { label: string; value: string }[];
}) {
  return (
    <Field label={props.label} error={props.error}>
      {({ id, invalid, ...aria }) => (
        <Controller
          control={props.control}
          name={props.name}
          render={({ field }) => (
            <Dropdown
              inputId={id}
              {...aria}
              invalid={invalid}
              value={field.value ?? null}
              options={props.options}
              placeholder="None"
              showClear
              emptyMessage={SUB_MODEL_MESSAGES.noSubModelFound}
              onChange={(e) => field.onChange(e.value ?? undefined)}
              onBlur={field.onBlur}
            />
          )}
        />
      )}
    </Field>
  );
}
