import type { InstanceFacets } from '@shared/schemas/instance-api';
import { INSTANCE_STATUS_LABELS, type InstanceStatus } from '@shared/sub-models/instances';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { RadioButton } from 'primereact/radiobutton';
import { useId, useState } from 'react';
import { type FilterOption, filterListView, MONTH_OPTIONS, withChosen } from './filter-options';
import type { GridPatch, InstanceGridState } from './list-url-state';

interface FilterListProps {
  label: string;
  options: readonly FilterOption[];
  chosen: readonly string[];
  /** One value at a time (radio buttons) or several (check boxes). */
  multiple: boolean;
  onChange: (values: string[]) => void;
}

/** One filter: its options with the search box, the 'Show N More' toggle and a Clear button (§2). */
export function FilterList({ label, options, chosen, multiple, onChange }: FilterListProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState(false);
  const all = withChosen(options, chosen);
  const view = filterListView(all, { search, expanded, hasSelection: chosen.length > 0 });
  if (view.hidden) return null;

  const toggleValue = (value: string, on: boolean) => {
    if (!multiple) onChange(on ? [value] : []);
    else onChange(on ? [...chosen, value] : chosen.filter((c) => c !== value));
  };

  return (
    <fieldset className="mr-instance-filter">
      <legend className="mr-instance-filter__legend">{label}</legend>
      {view.showSearch && (
        <InputText
          type="search"
          className="mr-instance-filter__search"
          value={search}
          placeholder="Search"
          aria-label={`Search ${label}`}
          onChange={(e) => setSearch(e.target.value)}
        />
      )}
      <ul className="mr-instance-filter__options">
        {view.shown.map((option, i) => {
          const inputId = `${id}-${i}`;
          const checked = chosen.includes(option.value);
          return (
            <li key={option.value} className="mr-instance-filter__option">
              {multiple ? (
                <Checkbox
                  inputId={inputId}
                  checked={checked}
                  onChange={(e) => toggleValue(option.value, Boolean(e.checked))}
                />
              ) : (
                <RadioButton
                  inputId={inputId}
                  name={id}
                  value={option.value}
                  checked={checked}
                  onChange={() => toggleValue(option.value, true)}
                />
              )}
              <label htmlFor={inputId}>{option.label}</label>
            </li>
          );
        })}
        {view.shown.length === 0 && <li className="mr-muted">No matches</li>}
      </ul>
      <div className="mr-instance-filter__actions">
        {view.toggle && (
          <Button
            type="button"
            link
            size="small"
            label={view.toggle}
            aria-expanded={expanded}
            onClick={() => setExpanded((e) => !e)}
          />
        )}
        {chosen.length > 0 && (
          <Button
            type="button"
            link
            size="small"
            label="Clear"
            aria-label={`Clear ${label}`}
            onClick={() => onChange([])}
          />
        )}
      </div>
    </fieldset>
  );
}

interface InstanceFiltersProps {
  id?: string;
  state: InstanceGridState;
  facets: InstanceFacets | undefined;
  onChange: (patch: GridPatch) => void;
}

/** The instance list's filters (§2): status, name, creation month (January–December), creator. */
export function InstanceFilters({ id, state, facets, onChange }: InstanceFiltersProps) {
  const statusOptions = (facets?.status ?? []).map((s) => ({ value: s, label: INSTANCE_STATUS_LABELS[s] }));
  const nameOptions = (facets?.name ?? []).map((n) => ({ value: n, label: n }));
  const creatorOptions = (facets?.createdBy ?? []).map((c) => ({ value: c.id, label: c.name }));
  return (
    <section id={id} className="mr-instance-filters" aria-label="Filters">
      <FilterList
        label="Status"
        options={statusOptions}
        chosen={state.status}
        multiple
        onChange={(values) => onChange({ status: values as InstanceStatus[] })}
      />
      <FilterList
        label="Name"
        options={nameOptions}
        chosen={state.name ? [state.name] : []}
        multiple={false}
        onChange={(values) => onChange({ name: values[0] })}
      />
      <FilterList
        label="Creation Month"
        options={MONTH_OPTIONS}
        chosen={state.createdOnMonth ? [String(state.createdOnMonth)] : []}
        multiple={false}
        onChange={(values) => onChange({ createdOnMonth: values[0] ? Number(values[0]) : undefined })}
      />
      <FilterList
        label="Creator"
        options={creatorOptions}
        chosen={state.createdBy}
        multiple
        onChange={(values) => onChange({ createdBy: values })}
      />
    </section>
  );
}
