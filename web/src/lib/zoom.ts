import { LIMITS } from '@shared/constants';

/** Zoom of the content area (000 §2, §9): default 1, step 0.1, 0.7 to 1.1, kept in localStorage. */
export const ZOOM_STORAGE_KEY = 'mr.zoom';
const { default: DEFAULT, step: STEP, min: MIN, max: MAX } = LIMITS.zoom;

/** One decimal: 0.1 steps in binary floating point drift (0.7 + 0.1 = 0.7999999999999999). */
const round = (value: number) => Math.round(value * 10) / 10;

export function clampZoom(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT;
  return Math.min(MAX, Math.max(MIN, round(value)));
}

export const zoomIn = (value: number) => clampZoom(value + STEP);
export const zoomOut = (value: number) => clampZoom(value - STEP);
export const canZoomIn = (value: number) => round(value) < MAX;
export const canZoomOut = (value: number) => round(value) > MIN;
export const zoomPercent = (value: number) => `${Math.round(value * 100)}%`;
export const DEFAULT_ZOOM = DEFAULT;

export function loadZoom(storage: Pick<Storage, 'getItem'> = window.localStorage): number {
  const raw = storage.getItem(ZOOM_STORAGE_KEY);
  return raw === null ? DEFAULT : clampZoom(Number(raw));
}

export function saveZoom(value: number, storage: Pick<Storage, 'setItem'> = window.localStorage): void {
  storage.setItem(ZOOM_STORAGE_KEY, String(clampZoom(value)));
}
