import { canZoomIn, canZoomOut, DEFAULT_ZOOM, zoomIn, zoomOut, zoomPercent } from '../../lib/zoom';

interface ZoomSidebarProps {
  zoom: number;
  onChange: (zoom: number) => void;
}

/**
 * The left sidebar (000 §2): Zoom in, Zoom out, Reset zoom; disabled at the limits. The sidebar runs
 * the page's full height; its controls stay in view below the header while the page scrolls, and
 * they (not the tall sidebar) are what the guided tour points at. Its classes are its own
 * (`mr-zoom-rail`): it shared `mr-sidebar` with the action sidebar, whose stylesheet made it 22rem
 * wide on every sub-model and instance page (issue 21 §4).
 */
export function ZoomSidebar({ zoom, onChange }: ZoomSidebarProps) {
  return (
    <aside className="mr-zoom-rail" aria-label="Zoom">
      <div className="mr-zoom-rail__tools" data-tour="zoom">
        <button
          type="button"
          className="mr-zoom-rail__button"
          aria-label="Zoom in"
          title="Zoom in"
          disabled={!canZoomIn(zoom)}
          onClick={() => onChange(zoomIn(zoom))}
        >
          <i className="pi pi-search-plus" aria-hidden="true" />
        </button>
        <output className="mr-zoom-rail__value" aria-live="polite" aria-label="Current zoom">
          {zoomPercent(zoom)}
        </output>
        <button
          type="button"
          className="mr-zoom-rail__button"
          aria-label="Zoom out"
          title="Zoom out"
          disabled={!canZoomOut(zoom)}
          onClick={() => onChange(zoomOut(zoom))}
        >
          <i className="pi pi-search-minus" aria-hidden="true" />
        </button>
        <button
          type="button"
          className="mr-zoom-rail__button"
          aria-label="Reset zoom"
          title="Reset zoom"
          disabled={zoom === DEFAULT_ZOOM}
          onClick={() => onChange(DEFAULT_ZOOM)}
        >
          <i className="pi pi-refresh" aria-hidden="true" />
        </button>
      </div>
    </aside>
  );
}
