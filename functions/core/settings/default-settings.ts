import type { AppSettings } from '@shared/schemas/settings';
import { TOUR_ANCHORS, type TourStep, tourSelector } from '@shared/schemas/tour';

/**
 * Settings a fresh installation starts with. The links point at placeholders: an administrator
 * replaces them in the SETTINGS item (there is no settings screen yet).
 */
export const DEFAULT_APP_SETTINGS: AppSettings = {
  documentation: {
    trainingUrl: 'https://example.com/model-repository/training',
    supportUrl: 'https://example.com/model-repository/support',
    feedbackUrl: 'https://example.com/model-repository/feedback',
    releaseNotesUrl: 'https://example.com/model-repository/release-notes',
    aboutUrl: 'https://example.com/model-repository/about',
    theoremAccessGuideUrl: 'https://example.com/model-repository/theorem-access-guide',
    guidedTourEnabled: true,
  },
  privacyPolicyUrl: 'https://example.com/privacy-policy',
  trackingSettings: { enabled: false },
  sessionTimeoutSeconds: 1800,
  companyEmailDomains: ['example.com', 'corp.example.com'],
  uploadConfig: {
    maxFileSizeBytes: 2 * 1024 ** 3,
    multipartThresholdBytes: 100 * 1024 ** 2,
  },
};

export const HOMEPAGE_TOUR = { type: 'GT', code: 'HOMEPAGE' } as const;

const PROGRESS = '{{current}} of {{total}}';
const BUTTONS: TourStep['showButtons'] = ['next', 'previous', 'close'];

/** The home-page tour (000 §1). Selectors match the `data-tour` attributes the web app sets. */
export const HOMEPAGE_TOUR_STEPS: TourStep[] = [
  {
    title: 'Welcome to Model Repository',
    description: 'This short tour shows where things are. You can replay it at any time from the Help menu.',
    progressText: PROGRESS,
    showButtons: BUTTONS,
    nextBtnText: 'Start',
  },
  {
    title: 'Navigation',
    description: 'Switch between the main areas of the application with these tabs.',
    element: tourSelector(TOUR_ANCHORS.headerTabs),
    side: 'bottom',
    align: 'start',
    progressText: PROGRESS,
    showButtons: BUTTONS,
  },
  {
    title: 'Add Model Entry',
    description: 'Create a new model entry: describe it, upload its files and choose who may access it.',
    element: tourSelector(TOUR_ANCHORS.addModel),
    side: 'bottom',
    align: 'start',
    progressText: PROGRESS,
    showButtons: BUTTONS,
  },
  {
    title: 'Model Entries',
    description:
      'Browse and search every model entry you may see, in a list or with the Dynamic View filters.',
    element: tourSelector(TOUR_ANCHORS.modelEntries),
    side: 'bottom',
    align: 'start',
    progressText: PROGRESS,
    showButtons: BUTTONS,
  },
  {
    title: 'Execution Queue',
    description: 'Follow the scenario and calibration runs you started, with their live status.',
    element: tourSelector(TOUR_ANCHORS.executionQueue),
    side: 'bottom',
    align: 'start',
    progressText: PROGRESS,
    showButtons: BUTTONS,
  },
  {
    title: 'Notifications',
    description:
      'New model versions and file changes of models you follow appear here. A dot marks unseen ones.',
    element: tourSelector(TOUR_ANCHORS.notifications),
    side: 'bottom',
    align: 'end',
    progressText: PROGRESS,
    showButtons: BUTTONS,
  },
  {
    title: 'Help',
    description: 'Training, support, feedback, release notes, the privacy policy and this tour.',
    element: tourSelector(TOUR_ANCHORS.helpMenu),
    side: 'bottom',
    align: 'end',
    progressText: PROGRESS,
    showButtons: BUTTONS,
  },
  {
    title: 'Your account',
    description: 'Log out from the user menu.',
    element: tourSelector(TOUR_ANCHORS.userMenu),
    side: 'bottom',
    align: 'end',
    progressText: PROGRESS,
    showButtons: BUTTONS,
  },
  {
    title: 'Zoom',
    description: 'Make the page smaller or larger; your choice is remembered on this device.',
    element: tourSelector(TOUR_ANCHORS.zoom),
    side: 'left',
    align: 'center',
    progressText: PROGRESS,
    showButtons: BUTTONS,
    nextBtnText: 'Done',
  },
];
