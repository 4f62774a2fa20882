import type { TourStep } from '@shared/schemas/tour';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isTourClosedThisSession, runTour, shouldAutoStartTour, toDriverSteps } from './home-tour';

const steps: TourStep[] = [
  { title: 'Welcome', description: 'Hello', nextBtnText: 'Start' },
  { title: 'Zoom', description: 'Bigger or smaller', nextBtnText: 'Done' },
];
const popovers = () => document.querySelectorAll('.driver-popover');
const next = () => document.querySelector<HTMLButtonElement>('.driver-popover-next-btn');

describe('the home-page tour (driver.js in jsdom)', () => {
  afterEach(() => {
    document.querySelector<HTMLButtonElement>('.driver-popover-close-btn')?.click();
    document.body.innerHTML = '';
  });

  it('shows one popover when started twice while driver.js is still loading', async () => {
    await Promise.all([runTour(steps, () => {}), runTour(steps, () => {})]);
    expect(popovers()).toHaveLength(1);
    expect(document.querySelector('.driver-popover-title')?.textContent).toBe('Welcome');
  });

  it('reports completion once when Done is clicked before the step animation finished, and can be replayed', async () => {
    const onComplete = vi.fn();
    await runTour(steps, onComplete);
    next()?.click();
    expect(document.querySelector('.driver-popover-title')?.textContent).toBe('Zoom');
    expect(next()?.textContent).toBe('Done');
    // Clicked at once, before driver.js has finished animating to the last step.
    next()?.click();
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(popovers()).toHaveLength(0);

    await runTour(steps, onComplete);
    expect(popovers()).toHaveLength(1);
  });

  it('does not count the tour as completed when it is closed with × before the last step', async () => {
    const onComplete = vi.fn();
    const three = [...steps, { title: 'Help', description: 'Links and this tour', nextBtnText: 'Done' }];
    await runTour(three, onComplete);
    next()?.click();
    expect(document.querySelector('.driver-popover-title')?.textContent).toBe('Zoom');
    document.querySelector<HTMLButtonElement>('.driver-popover-close-btn')?.click();
    expect(popovers()).toHaveLength(0);
    expect(onComplete).not.toHaveBeenCalled();
    // Remembered for this browser session: no automatic start again until the next (issue 21 §13).
    expect(isTourClosedThisSession()).toBe(true);

    // Help can still start it.
    await runTour(steps, onComplete);
    expect(popovers()).toHaveLength(1);
  });

  it('is not remembered as closed when it is completed', async () => {
    await runTour(steps, () => {});
    next()?.click();
    next()?.click();
    expect(popovers()).toHaveLength(0);
    expect(isTourClosedThisSession()).toBe(false);
  });

  it('does not count the tour as completed when it is closed with Escape', async () => {
    const onComplete = vi.fn();
    await runTour(steps, onComplete);
    window.dispatchEvent(new KeyboardEvent('keyup', { key: 'Escape' }));
    expect(popovers()).toHaveLength(0);
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('leaves only the current target marked when Next is clicked before a highlight has finished', async () => {
    document.body.innerHTML = '<div id="a">A</div><div id="b">B</div><div id="c">C</div>';
    const targeted: TourStep[] = ['a', 'b', 'c'].map((id) => ({
      element: `#${id}`,
      title: id,
      description: `Step ${id}`,
    }));
    await runTour(targeted, () => {});
    expect(document.getElementById('a')).toHaveClass('driver-active-element');
    // Two quick clicks, as a hurried user makes them, each before the highlight has finished moving.
    next()?.click();
    next()?.click();
    expect(document.querySelector('.driver-popover-title')?.textContent).toBe('c');

    const marked = () => [...document.querySelectorAll('.driver-active-element')].map((e) => e.id);
    await vi.waitFor(() => expect(marked()).toEqual(['c']), { timeout: 10_000 });
    expect(document.getElementById('b')).not.toHaveAttribute('aria-expanded');
    expect(document.getElementById('c')).toHaveAttribute('aria-expanded', 'true');
  }, 20_000);

  it("draws its popover with the app's theme (tour.css), not driver.js's defaults alone", async () => {
    await runTour(steps, () => {});
    expect(document.querySelector('.driver-popover')).toHaveClass('mr-tour');
  });

  it('starts automatically only for internal users who have not viewed it', () => {
    const tour = { viewed: false, contentList: steps };
    expect(shouldAutoStartTour({ userType: 'INTERNALUSER' }, tour, false)).toBe(true);
    expect(shouldAutoStartTour({ userType: 'SUPERUSER' }, tour, false)).toBe(true);
    expect(shouldAutoStartTour({ userType: 'EXTERNALUSER' }, tour, false)).toBe(false);
    expect(shouldAutoStartTour({ userType: 'INTERNALUSER' }, { ...tour, viewed: true }, false)).toBe(false);
    expect(shouldAutoStartTour({ userType: 'INTERNALUSER' }, tour, true)).toBe(false);
    expect(shouldAutoStartTour({ userType: 'INTERNALUSER' }, { ...tour, contentList: [] }, false)).toBe(
      false,
    );
  });

  it("leaves out driver.js's default side 'over' and keeps the step's texts", () => {
    const [step] = toDriverSteps([
      { title: 'T', description: 'D', element: '#x', side: 'over', nextBtnText: 'Go' },
    ]);
    expect(step).toEqual({ element: '#x', popover: { title: 'T', description: 'D', nextBtnText: 'Go' } });
  });
});
