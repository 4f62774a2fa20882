import { LIMITS } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { assembleModelName, NAME_LIMITS, nameProblems } from '@shared/rules/model-name';
import type { ModelMetadata } from '@shared/schemas/model';
import type { ModelDetail } from '@shared/schemas/model-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useId, useMemo, useState } from 'react';
import { useCallerFiles } from '../../../../api/files';
import { metadataOptionsQuery } from '../../../../api/metadata-options';
import { checkModelName, modelKeys, useSaveWithNameCheck } from '../../../../api/models';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { notify } from '../../../../lib/message-stack';
import { useDebounced } from '../../../../lib/use-debounced';
import { MetadataForm } from '../metadata-form/metadata-form';
import { compactMetadata, metadataErrors } from '../metadata-form/metadata-rules';

function useSave(model: ModelDetail, onDone: () => void) {
  const queryClient = useQueryClient();
  const [problems, setProblems] = useState<string[]>([]);
  const [stale, setStale] = useState(false);
  const mutation = useSaveWithNameCheck(model);
  const saving = mutation.isPending;
  const save = async (metadata: ModelMetadata, success: string) => {
    setProblems([]);
    const result = await mutation.mutateAsync(metadata);
    if ('saved' in result) {
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

/** Our words while the suffix's name is checked (the wizard's confirm step says the same). */
export const SUFFIX_CHECK_TEXTS = {
  checking: 'Checking the name…',
  available: 'The name is available.',
} as const;

/**
 * The new name's uniqueness, asked 1000 ms after the last keystroke as the wizard does (000 §5, §9;
 * issue 21 §24), once the suffix changed and passes the local rules. Save checks again in any case.
 */
function useSuffixNameCheck(model: ModelDetail, suffix: string, localProblems: readonly string[]) {
  const settled = useDebounced(suffix, LIMITS.nameCheckDebounceMs);
  const metadata = compactMetadata({ ...model.metadata, suffix: settled });
  const original = model.metadata.suffix ?? '';
  const changed = settled !== original;
  const check = useQuery({
    queryKey: [...modelKeys.detail(model.uuid), 'name-check', settled],
    queryFn: ({ signal }) => checkModelName(metadata, model.uuid, { signal }),
    enabled: changed && localProblems.length === 0 && settled === suffix,
    retry: false,
  });
  const current = settled === suffix && changed && localProblems.length === 0;
  return {
    checking: suffix !== original && localProblems.length === 0 && (settled !== suffix || check.isFetching),
    problems: current ? (check.data?.problems ?? []) : [],
    available: current && check.data?.unique === true && check.data.problems.length === 0,
  };
}

/** Editing › Name Suffix. */
export function EditSuffixDialog({ model, onHide }: { model: ModelDetail; onHide: () => void }) {
  const [suffix, setSuffix] = useState(model.metadata.suffix ?? '');
  const { problems, stale, saving, save, reload } = useSave(model, onHide);
  const inputId = useId();
  const next = compactMetadata({ ...model.metadata, suffix });
  const preview = assembleModelName(next);
  const local = nameProblems(next);
  const unique = useSuffixNameCheck(model, suffix, local);
  const fieldProblems = [...new Set([...local, ...unique.problems])];
  return (
    <ActionDialog
      header="Name Suffix"
      width="40rem"
      onHide={onHide}
      draggable
      confirmLabel="Save"
      confirmIcon="pi pi-check"
      busy={saving}
      confirmDisabled={fieldProblems.length > 0 || stale}
      onConfirm={() => void save(next, MESSAGES.metadataSaved)}
    >
      <div className="mr-field">
        <label htmlFor={inputId}>Suffix</label>
        <InputText
          id={inputId}
          value={suffix}
          autoFocus
          invalid={fieldProblems.length > 0}
          onChange={(e) => setSuffix(e.target.value)}
        />
        <small className="mr-muted">
          {suffix.length}/{NAME_LIMITS.suffixMax}
        </small>
        <small className="mr-muted" aria-live="polite">
          {unique.checking
            ? SUFFIX_CHECK_TEXTS.checking
            : unique.available
              ? SUFFIX_CHECK_TEXTS.available
              : ''}
        </small>
        {fieldProblems.length > 0 && (
          <small role="alert" className="mr-error-text">
            {fieldProblems.join(' ')}
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
  const files = useCallerFiles(model.uuid);
  const changelogChoices = useMemo(
    () =>
      (files.data?.items ?? [])
        .filter((f) => !f.folder)
        .map((f) => ({ uuid: f.uuid, name: f.path ? `${f.path}/${f.name}` : f.name })),
    [files.data],
  );
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
        changelogChoices={files.isSuccess ? changelogChoices : undefined}
      />
    </ActionDialog>
  );
}
