import { LIMITS } from '@shared/constants';
import { MODEL_STATUS_LABELS } from '@shared/schemas/model';
import type { ModelSummary } from '@shared/schemas/model-api';
import { useQuery } from '@tanstack/react-query';
import { RadioButton } from 'primereact/radiobutton';
import { useEffect, useId, useState } from 'react';
import { type ListModelsParams, listModels, modelKeys } from '../../../../api/models';
import { SearchCombobox } from '../../../../components/ui/search-combobox';

export const START_CHOICES = {
  scratch: 'Start from scratch',
  basedOn: 'Based on an existing model',
} as const;

export const ENTRY_PICKER_LABEL = 'Model entry to start from';

/** How many entries the picker offers at a time. */
const PICKER_SIZE = 10;

/**
 * Entries the caller may start from: found by the list's search (name, metadata), only those the
 * caller may read in full (a preview-only entry has no metadata to copy).
 */
function useEntrySearch(text: string) {
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text.trim()), LIMITS.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text]);
  const params: ListModelsParams = {
    search: debounced,
    pageSize: PICKER_SIZE,
    status: ['DRAFT', 'PUBLISHED'],
  };
  const query = useQuery({
    queryKey: modelKeys.list(params),
    queryFn: ({ signal }) => listModels(params, { signal }),
    enabled: debounced !== '',
  });
  const entries = (query.data?.items ?? []).filter((m) => !m.previewOnly);
  return { entries, loading: query.isFetching, searched: debounced !== '' && !query.isPending };
}

/** A combobox over the catalogue: type part of a name, pick an entry. */
function EntryPicker({ onPick }: { onPick: (entry: ModelSummary) => void }) {
  const [text, setText] = useState('');
  const { entries, loading, searched } = useEntrySearch(text);

  return (
    <SearchCombobox
      className="mr-wizard-start__picker"
      label={ENTRY_PICKER_LABEL}
      text={text}
      onTextChange={setText}
      placeholder="Search by name, disease, product…"
      loading={loading}
      items={entries}
      searched={searched}
      emptyText="No model entries found"
      itemKey={(m) => m.uuid}
      renderItem={(m) => (
        <>
          <span className="mr-long-name">{m.name}</span>
          <small className="mr-muted">
            {MODEL_STATUS_LABELS[m.status]}
            {m.version ? ` · Version ${m.version}` : ''}
          </small>
        </>
      )}
      onPick={(entry) => {
        setText('');
        onPick(entry);
      }}
    />
  );
}

export interface WizardStartProps {
  /** The entry whose metadata the wizard starts from (the `basedOn` query parameter). */
  basedOn?: { uuid: string; name: string };
  /** 'Start from scratch' after an entry was chosen: forget it. */
  onScratch: () => void;
  onBasedOn: (uuid: string) => void;
  disabled?: boolean;
}

/**
 * The wizard's start (000 §2, two flows): a new entry from scratch, or based on the metadata of an
 * existing model, picked here (the detail page offers the same as an action).
 */
export function WizardStart({ basedOn, onScratch, onBasedOn, disabled }: WizardStartProps) {
  const [mode, setMode] = useState<'scratch' | 'basedOn'>(basedOn ? 'basedOn' : 'scratch');
  useEffect(() => {
    if (basedOn) setMode('basedOn');
  }, [basedOn]);
  const legendId = useId();
  const scratchId = useId();
  const basedOnId = useId();

  return (
    <fieldset className="mr-wizard-start" aria-labelledby={legendId} disabled={disabled}>
      <legend id={legendId} className="mr-wizard-start__legend">
        How do you want to start?
      </legend>
      <div className="mr-wizard-start__choices">
        <span className="mr-wizard-start__choice">
          <RadioButton
            inputId={scratchId}
            name="mr-wizard-start"
            value="scratch"
            checked={mode === 'scratch'}
            disabled={disabled}
            onChange={() => {
              setMode('scratch');
              if (basedOn) onScratch();
            }}
          />
          <label htmlFor={scratchId}>{START_CHOICES.scratch}</label>
        </span>
        <span className="mr-wizard-start__choice">
          <RadioButton
            inputId={basedOnId}
            name="mr-wizard-start"
            value="basedOn"
            checked={mode === 'basedOn'}
            disabled={disabled}
            onChange={() => setMode('basedOn')}
          />
          <label htmlFor={basedOnId}>{START_CHOICES.basedOn}</label>
        </span>
      </div>
      {mode === 'basedOn' && (
        <div className="mr-wizard-start__based-on">
          {basedOn && (
            <p className="mr-long-name" aria-live="polite">
              Based on the metadata of {basedOn.name}.
            </p>
          )}
          {!disabled && <EntryPicker onPick={(entry) => onBasedOn(entry.uuid)} />}
        </div>
      )}
    </fieldset>
  );
}
