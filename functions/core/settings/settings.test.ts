import { beforeEach, describe, expect, it, vi } from 'vitest';

const settings = vi.hoisted(() => ({ getStoredSettings: vi.fn(), putSettingsIfAbsent: vi.fn() }));
const tours = vi.hoisted(() => ({
  putTourContent: vi.fn(),
  getTourContent: vi.fn(),
  hasViewedTour: vi.fn(),
  putTourViewed: vi.fn(),
}));
vi.mock('../../data/settings', () => settings);
vi.mock('../../data/tours', () => tours);
vi.mock('../../lib/env', () => ({ env: { appVersion: '1.4.0', buildTime: '2026-03-01T12:00:00.000Z' } }));

const { getAppSettings, getVersionInfo } = await import('./get-app-settings');
const { seedDefaultSettings } = await import('./seed-default-settings');
const { DEFAULT_APP_SETTINGS, HOMEPAGE_TOUR_STEPS } = await import('./default-settings');
const { getTour } = await import('../tours/get-tour');
const { markTourViewed } = await import('../tours/mark-tour-viewed');

beforeEach(() => {
  vi.clearAllMocks();
});

describe('application settings', () => {
  it('answers the defaults when nothing is stored', async () => {
    settings.getStoredSettings.mockResolvedValue(undefined);
    const result = await getAppSettings();
    expect(result).toEqual(DEFAULT_APP_SETTINGS);
    expect(result.sessionTimeoutSeconds).toBe(1800);
  });

  it('lays stored values over the defaults, field by field', async () => {
    settings.getStoredSettings.mockResolvedValue({
      documentation: { trainingUrl: 'https://learn.example.com' },
      trackingSettings: { enabled: true },
      sessionTimeoutSeconds: 900,
    });
    const result = await getAppSettings();
    expect(result.documentation.trainingUrl).toBe('https://learn.example.com');
    expect(result.documentation.supportUrl).toBe(DEFAULT_APP_SETTINGS.documentation.supportUrl);
    expect(result.trackingSettings.enabled).toBe(true);
    expect(result.sessionTimeoutSeconds).toBe(900);
  });

  it('fails on a broken stored item rather than answering it', async () => {
    settings.getStoredSettings.mockResolvedValue({ sessionTimeoutSeconds: 'soon' });
    await expect(getAppSettings()).rejects.toThrow();
  });

  it('answers version and build time from the environment', () => {
    expect(getVersionInfo()).toEqual({ version: '1.4.0', buildTime: '2026-03-01T12:00:00.000Z' });
  });

  it('seeds the defaults (if absent) and the home-page tour', async () => {
    await seedDefaultSettings();
    expect(settings.putSettingsIfAbsent).toHaveBeenCalledWith(DEFAULT_APP_SETTINGS);
    expect(tours.putTourContent).toHaveBeenCalledWith('GT', 'HOMEPAGE', HOMEPAGE_TOUR_STEPS);
  });
});

describe('guided tour', () => {
  it('highlights the shell through data-tour selectors', () => {
    const selectors = HOMEPAGE_TOUR_STEPS.flatMap((s) => (s.element ? [s.element] : []));
    expect(selectors).toEqual([
      '[data-tour="header-tabs"]',
      '[data-tour="add-model"]',
      '[data-tour="model-entries"]',
      '[data-tour="execution-queue"]',
      '[data-tour="notifications"]',
      '[data-tour="help-menu"]',
      '[data-tour="user-menu"]',
      '[data-tour="zoom"]',
    ]);
  });

  it("answers the content with the caller's viewed flag", async () => {
    tours.getTourContent.mockResolvedValue(HOMEPAGE_TOUR_STEPS);
    tours.hasViewedTour.mockResolvedValue(true);
    await expect(getTour('viewer', { type: 'GT', code: 'HOMEPAGE' })).resolves.toEqual({
      viewed: true,
      contentList: HOMEPAGE_TOUR_STEPS,
    });
    expect(tours.hasViewedTour).toHaveBeenCalledWith('viewer', 'GT', 'HOMEPAGE');
  });

  it('answers 404 for a tour without content', async () => {
    tours.getTourContent.mockResolvedValue(undefined);
    tours.hasViewedTour.mockResolvedValue(false);
    await expect(getTour('viewer', { type: 'GT', code: 'HOMEPAGE' })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('records the viewed flag for the caller', async () => {
    const now = new Date('2026-01-01T00:00:00.000Z');
    await markTourViewed('viewer', { type: 'GT', code: 'HOMEPAGE' }, now);
    expect(tours.putTourViewed).toHaveBeenCalledWith('viewer', 'GT', 'HOMEPAGE', '2026-01-01T00:00:00.000Z');
  });
});
