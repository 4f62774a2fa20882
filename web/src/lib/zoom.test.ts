import { describe, expect, it } from 'vitest';
import {
  canZoomIn,
  canZoomOut,
  clampZoom,
  DEFAULT_ZOOM,
  loadZoom,
  saveZoom,
  ZOOM_STORAGE_KEY,
  zoomIn,
  zoomOut,
  zoomPercent,
} from './zoom';

describe('zoom', () => {
  it('starts at 1 when nothing is stored', () => {
    expect(loadZoom(window.localStorage)).toBe(1);
    expect(DEFAULT_ZOOM).toBe(1);
  });

  it('steps by 0.1 without floating-point drift', () => {
    expect(zoomIn(1)).toBe(1.1);
    expect(zoomOut(1)).toBe(0.9);
    expect(zoomIn(0.7)).toBe(0.8);
    expect(zoomOut(zoomOut(zoomOut(1)))).toBe(0.7);
  });

  it('stops at 0.7 and 1.1', () => {
    expect(zoomIn(1.1)).toBe(1.1);
    expect(zoomOut(0.7)).toBe(0.7);
    expect(canZoomIn(1.1)).toBe(false);
    expect(canZoomIn(1)).toBe(true);
    expect(canZoomOut(0.7)).toBe(false);
    expect(canZoomOut(0.8)).toBe(true);
    expect(clampZoom(5)).toBe(1.1);
    expect(clampZoom(0.1)).toBe(0.7);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('survives a reload through localStorage and ignores garbage', () => {
    saveZoom(0.8, window.localStorage);
    expect(window.localStorage.getItem(ZOOM_STORAGE_KEY)).toBe('0.8');
    expect(loadZoom(window.localStorage)).toBe(0.8);
    window.localStorage.setItem(ZOOM_STORAGE_KEY, 'huge');
    expect(loadZoom(window.localStorage)).toBe(1);
    window.localStorage.setItem(ZOOM_STORAGE_KEY, '3');
    expect(loadZoom(window.localStorage)).toBe(1.1);
  });

  it('shows the zoom as a percentage', () => {
    expect(zoomPercent(0.9)).toBe('90%');
    expect(zoomPercent(1.1)).toBe('110%');
  });
});
