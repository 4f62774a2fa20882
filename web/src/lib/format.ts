/**
 * How the app writes dates and sizes, one function per output that a screen shows. The specs ask for
 * different forms in different places, so the names say which form each one writes; screens pick by
 * name instead of writing their own.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** `undefined`, '' and text that is no date: '' for the first two, the text itself for the last. */
function parse(iso: string | undefined): Date | string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date;
}

/** Date and time as 001 §9 writes them on the sub-model, instance and execution screens: '2024-03-05 14:07 UTC'. */
export function formatDateTime(iso: string | undefined): string {
  const date = parse(iso);
  if (typeof date === 'string') return date;
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(
    date.getUTCHours(),
  )}:${pad(date.getUTCMinutes())} UTC`;
}

/**
 * Dates in record tables, 000 §9's MM/dd/yyyy: '03/05/2024'. Read in UTC, so that everyone sees the
 * same day for the same record (catalogue, download dialog, instance creation dates).
 */
export function formatDate(iso: string | undefined): string {
  const date = parse(iso);
  if (typeof date === 'string') return date;
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}

/**
 * Date and time outside record tables, en-US in the reader's own zone (000 and 002 §9):
 * 'Mar 5, 2024, 2:07 PM' (entry detail, file manager and history, notifications); with
 * `'seconds'`, 'Mar 5, 2024, 2:07:09 PM' (the local outbox, where mails sent within a minute differ).
 */
export function formatLocalDateTime(
  iso: string | undefined,
  precision: 'minutes' | 'seconds' = 'minutes',
): string {
  const date = parse(iso);
  if (typeof date === 'string') return date;
  return date.toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: precision === 'seconds' ? 'medium' : 'short',
  });
}

/** A day without time, en-US in the reader's zone: 'Mar 5, 2024' (the footer's build date). */
export function formatLocalDate(iso: string | undefined): string {
  const date = parse(iso);
  if (typeof date === 'string') return date;
  return date.toLocaleDateString('en-US', { dateStyle: 'medium' });
}

/** A model file's size, as the file screens write it: '512 B', '1.5 kB', '2.0 MB', and MB above that. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** A run's sizes (outputs, logs) in binary units with one decimal: '512 B', '1.5 KB', '2.0 GB'. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${BYTE_UNITS[unit]}`;
}

/**
 * Result numbers and their changes as the version comparison's Results section writes them; the same
 * functions write the server's change headlines, so a cell and its headline always agree.
 */
export {
  formatAbsoluteChange,
  formatRelativeChange,
  formatResultNumber,
} from '@shared/diffs/result-changes';
