import { MESSAGES } from '@shared/messages';
import {
  DYNAMIC_FACET_LABELS,
  DYNAMIC_FACETS,
  type DynamicFacet,
  type DynamicFilters,
} from '@shared/schemas/model-api';
import { Button } from 'primereact/button';
import { Chip } from 'primereact/chip';
import { Dropdown } from 'primereact/dropdown';
import { type ComponentType, useState } from 'react';
import { useDynamicSearch } from '../../../../api/models';
import type { DownloadDialogProps } from '../catalogue-panels';
import {
  DYNAMIC_VIEW_MAX,
  FILTER_TEXT_MAX,
  facetValueLabel,
  filterChips,
  hasAnyFilter,
  isLocked,
  removeFacet,
  selectFacet,
  versionTree,
} from './dynamic-filters';
import { ModelCard } from './model-card';
import './dynamic-view.css';
import { ModalDialog } from '../../../../components/ui/modal-dialog';

const INTRO_KEY = 'mr.dynamicView.intro';
/**
 * Cards are rendered in steps: up to 500 results may come back (000 §9) and rendering them all at
 * once makes the page sluggish on modest machines; 'Show more' reveals the next step.
 */
const CARDS_PER_STEP = 60;

interface DynamicViewProps {
  filters: DynamicFilters;
  onFiltersChange: (filters: DynamicFilters) => void;
  /** The files feature's 'Download Model Entry' dialog (web/src/app passes it in). */
  DownloadDialog: ComponentType<DownloadDialogProps>;
}

interface FacetOption {
  value: string;
  label: string;
}

/**
 * Dynamic View (000 §2): eight facets with the counts of what remains, one value each (then locked),
 * chips to remove them, and result cards (at most 500).
 */
export function DynamicView({ filters, onFiltersChange, DownloadDialog }: DynamicViewProps) {
  const anyFilter = hasAnyFilter(filters);
  // The intro dialog opens once per browser session, when the view has no filter yet.
  const [intro, setIntro] = useState(
    () => !anyFilter && window.sessionStorage.getItem(INTRO_KEY) !== 'shown',
  );
  const closeIntro = () => {
    window.sessionStorage.setItem(INTRO_KEY, 'shown');
    setIntro(false);
  };
  const [downloadUuid, setDownloadUuid] = useState<string | undefined>();
  const search = useDynamicSearch(filters);
  // The number of cards shown restarts with every new filter combination.
  const filterKey = JSON.stringify(filters);
  const [paging, setPaging] = useState({ key: filterKey, shown: CARDS_PER_STEP });
  const shown = paging.key === filterKey ? paging.shown : CARDS_PER_STEP;
  const data = search.data;
  const chips = filterChips(filters);

  const optionsOf = (facet: DynamicFacet): FacetOption[] => {
    const list = (data?.availableFilters[facet] ?? []).map((f) => ({
      value: f.value,
      label: `${facetValueLabel(facet, f.value)} (${f.count})`,
    }));
    const chosen = filters[facet][0];
    return chosen && !list.some((o) => o.value === chosen)
      ? [{ value: chosen, label: facetValueLabel(facet, chosen) }, ...list]
      : list;
  };

  return (
    <div className="mr-dynamic">
      <ModalDialog
        header={MESSAGES.dynamicBeginSearch}
        visible={intro}
        onHide={closeIntro}
        style={{ width: '30rem', maxWidth: '95vw' }}
        draggable={false}
        footer={<Button type="button" label="OK" onClick={closeIntro} />}
      >
        <p>
          Choose a value in any of the eight filters. Each filter takes one value; remove its chip to choose
          another.
        </p>
      </ModalDialog>

      <div className="mr-dynamic__filters">
        {DYNAMIC_FACETS.map((facet) => {
          const locked = isLocked(filters, facet);
          const id = `mr-facet-${facet}`;
          return (
            <div key={facet} className="mr-dynamic__filter">
              <label htmlFor={id}>{DYNAMIC_FACET_LABELS[facet]}</label>
              <Dropdown
                inputId={id}
                value={filters[facet][0] ?? null}
                options={optionsOf(facet)}
                optionLabel="label"
                optionValue="value"
                placeholder={`Select ${DYNAMIC_FACET_LABELS[facet]}`}
                filter
                pt={{ filterInput: { maxLength: FILTER_TEXT_MAX } as React.HTMLAttributes<HTMLInputElement> }}
                disabled={locked}
                emptyMessage="No values"
                onChange={(e) => onFiltersChange(selectFacet(filters, facet, String(e.value ?? '')))}
              />
            </div>
          );
        })}
      </div>

      <fieldset className="mr-dynamic__chips" aria-label="Selected filters">
        {chips.length === 0 ? (
          <span className="mr-muted">{MESSAGES.noFiltersSelected}</span>
        ) : (
          chips.map((chip) => (
            <Chip
              key={chip.facet}
              label={chip.label}
              removable
              pt={{ removeIcon: { 'aria-label': `Remove ${chip.label}` } as React.SVGProps<SVGSVGElement> }}
              onRemove={() => {
                onFiltersChange(removeFacet(filters, chip.facet));
                return true;
              }}
            />
          ))
        )}
      </fieldset>

      {!anyFilter ? (
        <p className="mr-muted">Choose a filter to see model entries.</p>
      ) : search.isPending ? (
        <span className="pi pi-spin pi-spinner" role="status" aria-label="Searching" />
      ) : !data || data.models.length === 0 ? (
        <p className="mr-dynamic__empty">{MESSAGES.noResultsFound}</p>
      ) : (
        <>
          <p className="mr-muted" aria-live="polite">
            {data.total > DYNAMIC_VIEW_MAX
              ? `Showing the first ${DYNAMIC_VIEW_MAX} of ${data.total} results. Add a filter to narrow the search.`
              : `${data.total} ${data.total === 1 ? 'result' : 'results'}`}
          </p>
          <div className="mr-dynamic__cards">
            {data.models.slice(0, Math.min(shown, DYNAMIC_VIEW_MAX)).map((card) => (
              <ModelCard
                key={card.uuid}
                card={card}
                tree={versionTree(card, data.models)}
                onDownload={setDownloadUuid}
              />
            ))}
          </div>
          {Math.min(data.models.length, DYNAMIC_VIEW_MAX) > shown && (
            <Button
              type="button"
              text
              label={`Show more (${Math.min(data.models.length, DYNAMIC_VIEW_MAX) - shown} more)`}
              onClick={() => setPaging({ key: filterKey, shown: shown + CARDS_PER_STEP })}
            />
          )}
        </>
      )}
      <DownloadDialog
        uuid={downloadUuid}
        visible={Boolean(downloadUuid)}
        onHide={() => setDownloadUuid(undefined)}
      />
    </div>
  );
}
