import { MODEL_STATUS_LABELS, PLATFORM_DISPLAY_LABELS, PlatformSchema } from '@shared/schemas/model';
import type { ListModelsQuery } from '@shared/schemas/model-api';
import { Button } from 'primereact/button';
import { MultiSelect } from 'primereact/multiselect';
import { useMetadataOptions } from '../../../../api/metadata-options';
import { DEFAULT_STATUSES } from './list-url-state';

type FilterPatch = Pick<Partial<ListModelsQuery>, 'status' | 'modelType' | 'therapeuticArea' | 'platform'>;

interface ListFilterPanelProps {
  query: ListModelsQuery;
  onChange: (patch: FilterPatch) => void;
}

const STATUS_OPTIONS = (['DRAFT', 'PUBLISHED', 'RETIRED'] as const).map((value) => ({
  value,
  label: MODEL_STATUS_LABELS[value],
}));
const PLATFORM_OPTIONS = PlatformSchema.options.map((value) => ({
  value,
  label: PLATFORM_DISPLAY_LABELS[value],
}));

/** The list's filter panel: status (default Draft + Published, 000 §4), model type, area, platform. */
export function ListFilterPanel({ query, onChange }: ListFilterPanelProps) {
  const options = useMetadataOptions();
  const active = (type: 'model_type' | 'therapeutic_area') =>
    (options.data?.[type] ?? []).filter((o) => !o.retired).map((o) => ({ value: o.value, label: o.value }));

  return (
    <fieldset className="mr-list-filters" aria-label="Filters">
      <legend className="mr-visually-hidden">Filters</legend>
      <div className="mr-list-filters__field">
        <label htmlFor="mr-filter-status">Status</label>
        <MultiSelect
          value={query.status}
          options={STATUS_OPTIONS}
          onChange={(e) => onChange({ status: e.value?.length ? e.value : DEFAULT_STATUSES })}
          display="chip"
          showSelectAll={false}
          inputId="mr-filter-status"
        />
      </div>
      <div className="mr-list-filters__field">
        <label htmlFor="mr-filter-type">Model Type</label>
        <MultiSelect
          value={query.modelType ?? []}
          options={active('model_type')}
          onChange={(e) => onChange({ modelType: e.value })}
          filter
          placeholder="Any"
          maxSelectedLabels={2}
          inputId="mr-filter-type"
        />
      </div>
      <div className="mr-list-filters__field">
        <label htmlFor="mr-filter-area">Therapeutic Area</label>
        <MultiSelect
          value={query.therapeuticArea ?? []}
          options={active('therapeutic_area')}
          onChange={(e) => onChange({ therapeuticArea: e.value })}
          filter
          placeholder="Any"
          maxSelectedLabels={2}
          inputId="mr-filter-area"
        />
      </div>
      <div className="mr-list-filters__field">
        <label htmlFor="mr-filter-platform">Platform</label>
        <MultiSelect
          value={query.platform ?? []}
          options={PLATFORM_OPTIONS}
          onChange={(e) => onChange({ platform: e.value })}
          placeholder="Any"
          maxSelectedLabels={2}
          inputId="mr-filter-platform"
        />
      </div>
      <Button
        type="button"
        label="Reset filters"
        text
        onClick={() =>
          onChange({ status: DEFAULT_STATUSES, modelType: [], therapeuticArea: [], platform: [] })
        }
      />
    </fieldset>
  );
}
