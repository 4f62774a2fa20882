import { LIMITS } from '@shared/constants';
import type { TourDetail, TourStep } from '@shared/schemas/tour';
import type { CurrentUser } from '@shared/schemas/user';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Config, Driver, DriveStep } from 'driver.js';
import { useCallback, useEffect, useRef } from 'react';
import { apiClient } from '../../../lib/api-client';

/**
 * The guided tour of the home page (000 §1): shown automatically to non-external users who have not
 * viewed it, replayable from Help after a 1 s delay. driver.js and its CSS load only when a tour runs.
 *
 * Completing it (Done on the last step) records it as viewed, as the spec says; closing it earlier
 * (×, Escape, a click beside it) does not, so it comes back in the next browser session. It does not
 * start again by itself in the session where it was closed (sessionStorage `mr.tour.closed`): coming
 * back on every visit of the home page was a nag (issue 21 §13). Help → Guided Tour still replays it.
 * Setting localStorage `mr.tour.disabled` to `true` stops the automatic start (end-to-end tests use it).
 */
export const TOUR_DISABLED_KEY = 'mr.tour.disabled';
export const TOUR_CLOSED_KEY = 'mr.tour.closed';

/** Whether the tour was closed before its end in this browser session. */
export function isTourClosedThisSession(): boolean {
  try {
    return window.sessionStorage.getItem(TOUR_CLOSED_KEY) === 'true';
  } catch {
    return false;
  }
}

function rememberClosedThisSession(): void {
  try {
    window.sessionStorage.setItem(TOUR_CLOSED_KEY, 'true');
  } catch {
    // Storage refused (private mode quota): the tour may start again on the next visit.
  }
}
const tourKey = ['tours', 'GT', 'HOMEPAGE'] as const;

export function isTourDisabledLocally(): boolean {
  try {
    return window.localStorage.getItem(TOUR_DISABLED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function shouldAutoStartTour(
  user: Pick<CurrentUser, 'userType'>,
  tour: TourDetail | undefined,
  disabledLocally: boolean,
): boolean {
  return (
    user.userType !== 'EXTERNALUSER' &&
    !!tour &&
    !tour.viewed &&
    tour.contentList.length > 0 &&
    !disabledLocally
  );
}

export function toDriverSteps(contentList: readonly TourStep[]): DriveStep[] {
  return contentList.map((step) => ({
    ...(step.element ? { element: step.element } : {}),
    popover: {
      title: step.title,
      description: step.description,
      ...(step.side && step.side !== 'over' ? { side: step.side } : {}),
      ...(step.align ? { align: step.align } : {}),
      ...(step.showButtons ? { showButtons: step.showButtons } : {}),
      ...(step.nextBtnText ? { nextBtnText: step.nextBtnText } : {}),
      ...(step.progressText ? { progressText: step.progressText } : {}),
    },
  }));
}

let active: Driver | undefined;
/**
 * Set synchronously before driver.js is loaded: a second start while the chunk is still loading
 * (the shell remounting, or Help → Guided Tour during the automatic start) would otherwise create a
 * second driver with a second popover on top of the first.
 */
let starting = false;

/** The class of the tour's popover: tour.css draws it with the app's theme (PrimeReact lara). */
export const TOUR_POPOVER_CLASS = 'mr-tour';
/** Room (px) around a highlighted element. */
const STAGE_PADDING = 8;
/** driver.js's stand-in target of a step without an element. */
const DUMMY_TARGET_ID = 'driver-dummy-element';

/**
 * driver.js (1.8) unmarks the previous target only when that target's 400 ms highlight animation
 * has finished: Next clicked sooner leaves it with `driver-active-element` and `aria-expanded="true"`
 * for the rest of the tour, so a screen reader hears of a dialog it no longer controls. Called once
 * a highlight has finished, this unmarks every element but the current target.
 */
function unmarkStaleTargets(current: Element | undefined): void {
  const target = current ?? document.getElementById(DUMMY_TARGET_ID);
  for (const element of document.querySelectorAll('.driver-active-element')) {
    if (element === target) continue;
    element.classList.remove('driver-active-element', 'driver-no-interaction');
    for (const name of ['aria-haspopup', 'aria-expanded', 'aria-controls']) element.removeAttribute(name);
  }
}

/**
 * Runs the tour; `onComplete` runs once when the user finishes it with Done on the last step. Closed
 * before, it is remembered for this browser session (no automatic start until the next one).
 */
export async function runTour(contentList: readonly TourStep[], onComplete: () => void): Promise<void> {
  if (starting || active?.isActive()) return;
  starting = true;
  let loaded: typeof import('driver.js');
  try {
    [loaded] = await Promise.all([
      import('driver.js'),
      import('driver.js/dist/driver.css'),
      import('./tour.css'),
    ]);
  } finally {
    starting = false;
  }
  const { driver } = loaded;
  let ended = false;
  let completed = false;
  const end = () => {
    if (ended) return;
    ended = true;
    active = undefined;
    if (completed) onComplete();
    else rememberClosedThisSession();
  };
  const config: Config = {
    showProgress: true,
    allowClose: true,
    steps: toDriverSteps(contentList),
    popoverClass: TOUR_POPOVER_CLASS,
    stagePadding: STAGE_PADDING,
    // A step without a target is centred on a 0×0 stand-in: without padding its cut-out in the
    // overlay vanishes instead of showing as a small white square.
    onHighlightStarted: (element) =>
      tour.setConfig({ ...tour.getConfig(), stagePadding: element ? STAGE_PADDING : 0 }),
    onHighlighted: unmarkStaleTargets,
    // Done on the last step (its button, or the right arrow key) is the only way to complete it.
    onDoneClick: () => {
      completed = true;
      tour.destroy();
      end();
    },
    // driver.js calls onDestroyed only once a step's 400 ms highlight animation has finished, so
    // Done or close clicked quickly would end the tour without `end`. onDestroyStarted runs on every
    // close/Escape (and Done without onDoneClick); destroying from here skips it and always reaches
    // `end`.
    onDestroyStarted: () => {
      tour.destroy();
      end();
    },
    onDestroyed: end,
  };
  const tour = driver(config);
  active = tour;
  tour.drive();
}

export function useHomeTour({
  user,
  autoStart,
}: {
  user: Pick<CurrentUser, 'userType'>;
  autoStart: boolean;
}) {
  const queryClient = useQueryClient();
  const external = user.userType === 'EXTERNALUSER';
  const { data } = useQuery({
    queryKey: tourKey,
    // Looked up by the app, not asked for by the user: not session activity.
    queryFn: ({ signal }) =>
      apiClient.call('getTour', {
        params: { type: 'GT', code: 'HOMEPAGE' },
        handleErrors: true,
        touchesSession: false,
        signal,
      }),
    enabled: !external,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const markViewed = useMutation({
    mutationFn: () =>
      apiClient.call('markTourViewed', { params: { type: 'GT', code: 'HOMEPAGE' }, handleErrors: true }),
    onSuccess: () =>
      queryClient.setQueryData<TourDetail>(tourKey, (old) => (old ? { ...old, viewed: true } : old)),
  });
  const { mutate } = markViewed;
  const autoStarted = useRef(false);

  const start = useCallback(
    (contentList: readonly TourStep[]) => void runTour(contentList, () => mutate()),
    [mutate],
  );

  useEffect(() => {
    const heldBack = isTourDisabledLocally() || isTourClosedThisSession();
    if (!autoStart || autoStarted.current || !shouldAutoStartTour(user, data, heldBack)) return;
    autoStarted.current = true;
    if (data) start(data.contentList);
  }, [autoStart, data, user, start]);

  const replay = useCallback(() => {
    if (external || !data?.contentList.length) return;
    const steps = data.contentList;
    setTimeout(() => start(steps), LIMITS.tourManualStartDelayMs);
  }, [external, data, start]);

  return { available: !external && (data?.contentList.length ?? 0) > 0, replay };
}
