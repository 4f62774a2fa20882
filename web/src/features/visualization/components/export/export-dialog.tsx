import type { ChartPicture, ExportFormat, ExportProvenance } from '@shared/exports/index';
import type { RunResult } from '@shared/schemas/run-result';
import openSansBoldUrl from 'open-sans-fonts/open-sans/Bold/OpenSans-Bold.ttf?url';
import openSansUrl from 'open-sans-fonts/open-sans/Regular/OpenSans-Regular.ttf?url';
import { ProgressBar } from 'primereact/progressbar';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { getInstanceRecord } from '../../../../api/instance-results';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { recordEvent } from '../../../../lib/analytics';
import { fullName, useCurrentUser } from '../../../../lib/current-user';
import { notify } from '../../../../lib/message-stack';
import './print.css';

/** What an export writes: the result as displayed, and where its numbers come from. */
export interface ResultExportSource {
  modelUuid: string;
  result: RunResult;
  /** Step 3's page title. */
  title: string;
  /** The saved analysis' name (absent while it is hidden or for test data). */
  analysisName?: string;
  /** The displayed scenarios in step 2's order (from 1); their run records go on the provenance page. */
  scenarios: Array<{ id: string; name: string; order: number }>;
  /** The chart of element `index` as the page drew it (SVG or 1630 × 830 picture), for the PDF. */
  chartPicture?: (index: number) => Promise<ChartPicture | undefined>;
}

/** The export dialog's states (spec 001 §4): idle, then downloading, then exporting. */
export type ExportPhase = 'idle' | 'downloading' | 'exporting';

export const EXPORT_LABELS: Record<ExportFormat, string> = {
  xlsx: 'Export Excel',
  pptx: 'Export PPT',
  pdf: 'Export PDF',
};

/** Spec 001 §9: the page waits this long before it is captured, so charts finish drawing. */
export const EXPORT_RENDER_WAIT_MS = 300;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** A font file of the app's build, as bytes; a failed fetch becomes 'Fetching font has failed.' in the PDF writer. */
async function fetchFont(url: string, signal: AbortSignal): Promise<Uint8Array> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * The PDF's font: Open Sans 1.10 (Apache-2.0, docs/licences.md) covers Latin-1, Greek, Cyrillic, €,
 * ≤, ≥, − and the typographic dashes and quotes a result names, where jsPDF's built-in Helvetica
 * prints Latin-1 only. Vite ships both faces as assets of their own, fetched only when a PDF is
 * written.
 */
function pdfFont(signal: AbortSignal) {
  return {
    name: 'OpenSans',
    load: () => fetchFont(openSansUrl, signal),
    loadBold: () => fetchFont(openSansBoldUrl, signal),
  };
}

/** Hands the bytes to the browser as a download with the spec's file name. */
export function downloadBytes(bytes: Uint8Array, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled; the download keeps its own reference.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

async function provenanceOf(
  source: ResultExportSource,
  exportedBy: string,
  signal: AbortSignal,
): Promise<ExportProvenance> {
  const ordered = [...source.scenarios].sort((a, b) => a.order - b.order);
  const records = await Promise.all(
    // A record that cannot be read (never ran on this version, no access) is written as missing
    // rather than stopping the export.
    ordered.map((scenario) =>
      getInstanceRecord(source.modelUuid, scenario.id, { signal }).catch(() => undefined),
    ),
  );
  return {
    ...(source.analysisName ? { analysisName: source.analysisName } : {}),
    analysisUrl: window.location.href,
    scenarios: ordered.map((scenario, index) => ({
      displayOrder: scenario.order,
      name: scenario.name,
      instanceId: scenario.id,
      ...(records[index] ? { record: records[index] } : {}),
    })),
    exportedBy,
    exportedOn: new Date().toISOString(),
  };
}

/**
 * Export Excel, Export PPT, Export PDF and Print for step 3 (issue 19 §2). The flow page calls it
 * with the displayed result (undefined while there is none) and renders `dialog` once:
 *
 *   const exporter = useResultExport(visualization && { modelUuid, result: visualization, title, scenarios });
 *   item('excel', 'Export Excel', 'pi pi-file-excel', exporter.canExport ? () => exporter.open('xlsx') : undefined, …)
 *   item('print', 'Print', 'pi pi-print', exporter.canExport ? exporter.print : undefined, …)
 *   {exporter.dialog}
 *
 * `open` shows the dialog (idle); Export moves it to 'downloading' (the run records of the displayed
 * scenarios and the export library, loaded only now so the first page stays small), then to
 * 'exporting' (the file is written in this tab), then downloads `visualizationResults.<ext>` and
 * closes. Cancel at any point stops it with 'Canceled'; failures show the spec's export texts.
 */
export function useResultExport(source: ResultExportSource | undefined): {
  canExport: boolean;
  open: (format: ExportFormat) => void;
  print: () => void;
  dialog: ReactNode;
} {
  const user = useCurrentUser();
  const [format, setFormat] = useState<ExportFormat>();
  const [phase, setPhase] = useState<ExportPhase>('idle');
  const running = useRef<AbortController | null>(null);

  const close = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setFormat(undefined);
    setPhase('idle');
  }, []);

  const start = async () => {
    if (!source || !format) return;
    const controller = new AbortController();
    running.current = controller;
    const { signal } = controller;
    try {
      setPhase('downloading');
      const [exportsModule, provenance] = await Promise.all([
        import('@shared/exports/index'),
        provenanceOf(source, fullName(user), signal),
      ]);
      if (signal.aborted) throw new exportsModule.ExportError(exportsModule.EXPORT_MESSAGES.canceled);
      setPhase('exporting');
      if (format === 'pdf') await wait(EXPORT_RENDER_WAIT_MS, signal);
      const bytes = await exportsModule.exportResult(format, {
        result: source.result,
        title: source.title,
        provenance,
        ...(source.chartPicture ? { chartPicture: source.chartPicture } : {}),
        ...(format === 'pdf' ? { pdfFont: pdfFont(signal) } : {}),
        signal,
      });
      if (signal.aborted) throw new exportsModule.ExportError(exportsModule.EXPORT_MESSAGES.canceled);
      downloadBytes(bytes, exportsModule.EXPORT_FILE_NAMES[format], exportsModule.EXPORT_MIME_TYPES[format]);
      // Usage analytics (issue 20 §8): exports are made in this tab, so no API call records them.
      recordEvent('visualization_exported', { format });
      close();
    } catch (error) {
      if (running.current === controller) {
        running.current = null;
        setFormat(undefined);
        setPhase('idle');
      }
      notify.error(exportMessage(error, signal));
    }
  };

  const fileName = format ? `visualizationResults.${format}` : '';
  const dialog = format ? (
    <ActionDialog
      header={EXPORT_LABELS[format]}
      width="30rem"
      onHide={close}
      confirmLabel="Export"
      confirmIcon="pi pi-download"
      busy={phase !== 'idle'}
      confirmDisabled={!source}
      onConfirm={() => void start()}
    >
      {phase === 'idle' && (
        <p>
          The displayed result, with a provenance page for its scenarios, is written to{' '}
          <strong>{fileName}</strong>.
        </p>
      )}
      {phase !== 'idle' && (
        <div role="status" aria-live="polite">
          <p>{phase === 'downloading' ? 'Downloading…' : `Exporting ${fileName}…`}</p>
          <ProgressBar mode="indeterminate" style={{ height: '0.4rem' }} aria-label={phase} />
        </div>
      )}
    </ActionDialog>
  ) : null;

  return {
    canExport: source !== undefined && source.result.elements.length > 0,
    open: (next) => {
      if (!source || source.result.elements.length === 0) {
        notify.warning('Nothing to export.');
        return;
      }
      setPhase('idle');
      setFormat(next);
    },
    print: () => window.print(),
    dialog,
  };
}

/** The text the user sees for a failed export: the spec's words, 'Canceled' once cancelled. */
export function exportMessage(error: unknown, signal: AbortSignal): string {
  if (signal.aborted || (error as Error)?.name === 'AbortError') return 'Canceled';
  if ((error as Error)?.name === 'ExportError') return (error as Error).message;
  // A failure the spec has no text for (a library's own error): said as it is.
  return `The export failed: ${(error as Error)?.message ?? String(error)}`;
}
