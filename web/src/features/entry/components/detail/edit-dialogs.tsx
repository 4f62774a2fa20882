import { MESSAGES } from '@shared/messages';
import { assembleModelName, NAME_LIMITS, NAME_MESSAGES, nameProblems } from '@shared/rules/model-name';
import type { ModelMetadata } from '@shared/schemas/model';
import type { ModelDetail } from '@shared/schemas/model-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useId, useMemo, useState } from 'react';
import { metadataOptionsQuery } from '../../../../api/metadata-options';
import { checkModelName, modelKeys, updateModel } from '../../../../api/models';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { ApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/message-stack';
import { MetadataForm } from '../metadata-form/metadata-form';
import { compactMetadata, metadataErrors } from '../metadata-form/metadata-rules';

/**
 * The save of both edit dialogs (000 §2 "check the future name first; the update stops if the check
 * fails"): name check, then PATCH with the optimistic rev. Returns the problems to show, or
 * 'stale' after a 409, or the saved model.
 */
export async function saveWithNameCheck(
  model: ModelDetail,
  metadata: ModelMetadata,
): Promise<{ saved: ModelDetail } | { problems: string[] } | { stale: true }> {
  const local = nameProblems(metadata);
  if (local.length > 0) return { problems: local };
  let check: Awaited<ReturnType<typeof checkModelName>>;
  try {
    check = await checkModelName(metadata, model.uuid);
  } catch {
    return { problems: ['The name could not be checked. Please try again.'] };
  }
  if (!check.unique || check.problems.length > 0)
    return { problems: check.problems.length > 0 ? check.problems : [NAME_MESSAGES.notUnique] };
  try {
    return { saved: await updateModel(model.uuid, metadata, model.rev) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return { stale: true };
    return { problems: [] };
  }
}

function useSave(model: ModelDetail, onDone: () => void) {
  const queryClient = useQueryClient();
  const [problems, setProblems] = useState<string[]>([]);
  const [stale, setStale] = useState(false);
  const [saving, setSaving] = useState(false);
  const save = async (metadata: ModelMetadata, success: string) => {
    setSaving(true);
    setProblems([]);
    const result = await saveWithNameCheck(model, metadata);
    setSaving(false);
    if ('saved' in result) {
      queryClient.setQueryData(modelKeys.detail(model.uuid), result.saved);
      void queryClient.invalidateQueries({ queryKey: ['models'] });
      notify.success(success);
      onDone();
    } else if ('stale' in result) {
      setStale(true);
      notify.warning(MESSAGES.staleModelReload);
    } else {
      setProblems(result.problems);
    }
  };
  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: modelKeys.detail(model.uuid) });
    onDone();
  };
  return { problems, stale, saving, save, reload };
}

function Problems({
  problems,
  stale,
  onReload,
}: {
  problems: string[];
  stale: boolean;
  onReload: () => void;
}) {
  return (
    <>
      {problems.length > 0 && (
        <ul className="mr-error-text" role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {stale && (
        <p role="alert" className="mr-error-text">
          {MESSAGES.staleModelReload} <Button label="Reload" text size="small" onClick={onReload} />
        </p>
      )}
    </>
  );
}

/** Editing › Name Suffix. */
export function EditSuffixDialog({ model, onHide }: { model: ModelDetail; onHide: () => void }) {
  const [suffix, setSuffix] = useState(model.metadata.suffix ?? '');
  const { problems, stale, saving, save, reload } = useSave(model, onHide);
  const inputId = useId();
  const next = compactMetadata({ ...model.metadata, suffix });
  const preview = assembleModelName(next);
  const local = nameProblems(next);
  return (
    <ActionDialog
      header="Name Suffix"
      width="40rem"
      onHide={onHide}
      draggable
      confirmLabel="Save"
      confirmIcon="pi pi-check"
      busy={saving}
      confirmDisabled={local.length > 0 || stale}
      onConfirm={() => void save(next, MESSAGES.metadataSaved)}
    >
      <div className="mr-field">
        <label htmlFor={inputId}>Suffix</label>
        <InputText
          id={inputId}
          value={suffix}
          autoFocus
          invalid={local.length > 0}
          onChange={(e) => setSuffix(e.target.value)}
        />
        <small className="mr-muted">
          {suffix.length}/{NAME_LIMITS.suffixMax}
        </small>
        {local.length > 0 && (
          <small role="alert" className="mr-error-text">
            {local.join(' ')}
          </small>
        )}
      </div>
      <p>
        New name: <strong>{preview}</strong>
      </p>
      <Problems problems={problems} stale={stale} onReload={() => void reload()} />
    </ActionDialog>
  );
}

/** Editing › Metadata: the metadata form with every rule, saved after the name check. */
export function EditMetadataDialog({ model, onHide }: { model: ModelDetail; onHide: () => void }) {
  const options = useQuery(metadataOptionsQuery());
  const [metadata, setMetadata] = useState<ModelMetadata>(model.metadata);
  const [tried, setTried] = useState(false);
  const { problems, stale, saving, save, reload } = useSave(model, onHide);
  const errors = useMemo(() => metadataErrors(metadata, options.data), [metadata, options.data]);
  const submit = () => {
    setTried(true);
    if (Object.keys(errors).length > 0) return;
    void save(compactMetadata(metadata), MESSAGES.metadataSaved);
  };
  return (
    <ActionDialog
      header="Edit Metadata"
      width="80rem"
      onHide={onHide}
      draggable
      confirmLabel="Save"
      confirmIcon="pi pi-check"
      busy={saving}
      confirmDisabled={stale}
      onConfirm={submit}
    >
      <Problems problems={problems} stale={stale} onReload={() => void reload()} />
      <MetadataForm
        value={metadata}
        onChange={setMetadata}
        options={options.data}
        errors={errors}
        showErrors={tried}
      />
    </ActionDialog>
  );
}
