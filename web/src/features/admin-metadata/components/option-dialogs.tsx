import {
  added,
  affectText,
  assignedMetadataProblems,
  OPTION_TEXTS,
  optionValueProblem,
} from '@shared/rules/metadata-options';
import type { StudyAssignedMetadata } from '@shared/rules/model-metadata';
import type { AdminOption, MetadataOptionType } from '@shared/schemas/metadata-option';
import { METADATA_OPTION_TYPE_LABELS } from '@shared/schemas/metadata-option';
import { InformationClassificationSchema, ModelKindSchema } from '@shared/schemas/model';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { type ReactNode, useId, useState } from 'react';
import { activeValues, useMetadataOptions } from '../../../api/metadata-options';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { ReasonedButton } from '../../../components/ui/reasoned-button';
import { notify } from '../../../lib/message-stack';
import { affectedEntriesQuery, useAddOption, useDeleteOption, useUpdateOption } from '../api/admin-options';

/** 'This operation will affect N model entries' with the entries listed (002 §2). */
export function AffectedEntries({ type, value }: { type: MetadataOptionType; value: string }) {
  const { data, isLoading } = useQuery(affectedEntriesQuery(type, value));
  if (isLoading || !data) return <p role="status">Counting the affected model entries…</p>;
  return (
    <section className="mr-affected-entries" aria-label="Affected model entries">
      <p role="status">{affectText(data.total)}</p>
      {data.items.length > 0 && (
        <ul className="mr-affected-entries__list">
          {data.items.map((e) => (
            <li key={e.uuid}>{e.name}</li>
          ))}
        </ul>
      )}
      {data.total > data.items.length && <p>…and {data.total - data.items.length} more</p>}
    </section>
  );
}

/** The study number's 'Assigned metadata' block (002 §2): values from the active option lists. */
function AssignedMetadataFields({
  value,
  onChange,
  problems,
}: {
  value: StudyAssignedMetadata;
  onChange: (next: StudyAssignedMetadata) => void;
  problems: Partial<Record<keyof StudyAssignedMetadata, string>>;
}) {
  const lists = useMetadataOptions().data;
  const ids = {
    disease: useId(),
    product: useId(),
    therapeutic_area: useId(),
    type: useId(),
    model_type: useId(),
    information_classification: useId(),
  };
  const set = (patch: Partial<StudyAssignedMetadata>) => onChange({ ...value, ...patch });
  const single = (field: 'disease' | 'therapeutic_area' | 'model_type', label: string) => (
    <>
      <label htmlFor={ids[field]}>{label}</label>
      <Dropdown
        inputId={ids[field]}
        value={value[field] ?? null}
        options={activeValues(lists, field)}
        onChange={(e) => set({ [field]: e.value ?? undefined })}
        showClear
        filter
      />
      {problems[field] && <small className="p-error">{problems[field]}</small>}
    </>
  );
  return (
    <fieldset className="mr-form mr-assigned-metadata">
      <legend>Assigned metadata</legend>
      {single('disease', 'Disease')}
      <label htmlFor={ids.product}>Product</label>
      <MultiSelect
        inputId={ids.product}
        value={value.product ?? []}
        options={activeValues(lists, 'product')}
        onChange={(e) => set({ product: e.value as string[] })}
        filter
        display="chip"
      />
      {problems.product && <small className="p-error">{problems.product}</small>}
      {single('therapeutic_area', 'Therapeutic Area')}
      <label htmlFor={ids.type}>Type</label>
      <Dropdown
        inputId={ids.type}
        value={value.type ?? null}
        options={[...ModelKindSchema.options]}
        onChange={(e) => set({ type: e.value ?? undefined })}
        showClear
      />
      {single('model_type', 'Model Type')}
      <label htmlFor={ids.information_classification}>Information Classification</label>
      <Dropdown
        inputId={ids.information_classification}
        value={value.information_classification ?? null}
        options={[...InformationClassificationSchema.options]}
        onChange={(e) => set({ information_classification: e.value ?? undefined })}
        showClear
      />
    </fieldset>
  );
}

function Footer({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  return (
    <>
      <Button label="Cancel" outlined onClick={onCancel} />
      {children}
    </>
  );
}

/**
 * Add Option and Edit Option: one field, 'Option' (002 §2), checked as the user types with the shared
 * rules (required, unique ignoring case 'isUnique', File Types letters only and 25). Editing a used
 * option lists the entries its rename will change.
 */
export function OptionFormDialog({
  type,
  options,
  editing,
  onClose,
}: {
  type: MetadataOptionType;
  options: readonly AdminOption[];
  editing?: AdminOption;
  onClose: () => void;
}) {
  const [value, setValue] = useState(editing?.value ?? '');
  const [metadata, setMetadata] = useState<StudyAssignedMetadata>(editing?.metadata ?? {});
  const [touched, setTouched] = useState(false);
  const add = useAddOption(type);
  const update = useUpdateOption(type);
  const lists = useMetadataOptions().data;
  const fieldId = useId();
  const errorId = useId();
  const problem = optionValueProblem(type, value, options, editing?.value);
  const metadataProblems =
    type === 'study_number'
      ? assignedMetadataProblems(metadata, {
          disease: activeValues(lists, 'disease'),
          product: activeValues(lists, 'product'),
          therapeutic_area: activeValues(lists, 'therapeutic_area'),
          model_type: activeValues(lists, 'model_type'),
        })
      : {};
  const blocked = problem !== undefined || Object.keys(metadataProblems).length > 0;
  const shownProblem = touched || value !== (editing?.value ?? '') ? problem : undefined;
  const pending = add.isPending || update.isPending;

  const submit = () => {
    setTouched(true);
    if (blocked) return;
    const trimmed = value.trim();
    const withMetadata = type === 'study_number' ? { metadata } : {};
    if (!editing) {
      add.mutate(
        { value: trimmed, ...withMetadata },
        {
          onSuccess: (row) => {
            notify.success(type === 'file_tag' ? OPTION_TEXTS.fileTypesUpdated : added(row.value, type));
            onClose();
          },
        },
      );
      return;
    }
    update.mutate(
      { value: editing.value, body: { value: trimmed, ...withMetadata } },
      {
        onSuccess: () => {
          notify.success(OPTION_TEXTS.updated);
          onClose();
        },
      },
    );
  };

  return (
    <ModalDialog
      visible
      header={editing ? 'Edit Option' : 'Add Option'}
      onHide={onClose}
      style={{ width: '36rem' }}
      footer={
        <Footer onCancel={onClose}>
          <ReasonedButton
            label="Save"
            blocked={blocked || pending}
            reason={problem?.message ?? Object.values(metadataProblems)[0]}
            onClick={submit}
          />
        </Footer>
      }
    >
      <div className="mr-form">
        <label htmlFor={fieldId}>Option *</label>
        <InputText
          id={fieldId}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onBlur={() => setTouched(true)}
          aria-invalid={shownProblem !== undefined}
          aria-describedby={shownProblem ? errorId : undefined}
          data-error-key={shownProblem?.key}
          autoFocus
        />
        {shownProblem && (
          <small id={errorId} className="p-error">
            {shownProblem.message}
          </small>
        )}
      </div>
      {type === 'study_number' && (
        <AssignedMetadataFields value={metadata} onChange={setMetadata} problems={metadataProblems} />
      )}
      {editing && <AffectedEntries type={type} value={editing.value} />}
    </ModalDialog>
  );
}

/** A confirmation tick with its label (Retire and Delete). */
function ConfirmTick({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
}) {
  const id = useId();
  return (
    <div className="mr-confirm-tick">
      <Checkbox inputId={id} checked={checked} onChange={(e) => onChange(e.checked === true)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** Retire Option: 'I confirm that this option will be permanently retired.' (002 §5). */
export function RetireOptionDialog({
  type,
  option,
  onClose,
}: {
  type: MetadataOptionType;
  option: AdminOption;
  onClose: () => void;
}) {
  const [confirmed, setConfirmed] = useState(false);
  const update = useUpdateOption(type);
  const retire = () =>
    update.mutate(
      { value: option.value, body: { retire: true } },
      {
        onSuccess: () => {
          notify.success(type === 'file_tag' ? OPTION_TEXTS.fileTypesUpdated : OPTION_TEXTS.retired);
          onClose();
        },
      },
    );
  return (
    <ModalDialog
      visible
      header="Retire Option"
      onHide={onClose}
      style={{ width: '32rem' }}
      footer={
        <Footer onCancel={onClose}>
          <ReasonedButton
            label="Retire"
            severity="danger"
            blocked={!confirmed || update.isPending}
            reason="Tick the confirmation first."
            onClick={retire}
          />
        </Footer>
      }
    >
      <p>
        Retire <strong>{option.value}</strong> from {METADATA_OPTION_TYPE_LABELS[type]}? Entries that use it
        keep it; it can no longer be chosen{type === 'file_tag' ? ' or added again' : ''}.
      </p>
      <ConfirmTick checked={confirmed} onChange={setConfirmed} label={OPTION_TEXTS.retireConfirmation} />
    </ModalDialog>
  );
}

/** Delete Option: only an unused, unretired option, after the confirmation tick (002 §5). */
export function DeleteOptionDialog({
  type,
  option,
  onClose,
}: {
  type: MetadataOptionType;
  option: AdminOption;
  onClose: () => void;
}) {
  const [confirmed, setConfirmed] = useState(false);
  const [tried, setTried] = useState(false);
  const remove = useDeleteOption(type);
  const errorId = useId();
  const submit = () => {
    setTried(true);
    if (!confirmed) return;
    remove.mutate(option.value, {
      onSuccess: () => {
        notify.success(type === 'file_tag' ? OPTION_TEXTS.fileTypesUpdated : OPTION_TEXTS.deleted);
        onClose();
      },
    });
  };
  return (
    <ModalDialog
      visible
      header="Delete Option"
      onHide={onClose}
      style={{ width: '32rem' }}
      footer={
        <Footer onCancel={onClose}>
          <Button label="Delete" severity="danger" loading={remove.isPending} onClick={submit} />
        </Footer>
      }
    >
      <p>
        Delete <strong>{option.value}</strong> from {METADATA_OPTION_TYPE_LABELS[type]}?
      </p>
      <AffectedEntries type={type} value={option.value} />
      <ConfirmTick
        checked={confirmed}
        onChange={setConfirmed}
        label="I confirm the deletion of this option."
      />
      {tried && !confirmed && (
        <small id={errorId} className="p-error" role="alert">
          {OPTION_TEXTS.deleteConfirmationRequired}
        </small>
      )}
    </ModalDialog>
  );
}
