/**
 * Texts quoted in the specification (../shared/spec). Used verbatim by the web app and the API so that
 * a test can find them. Add texts here rather than inlining them.
 */
export const MESSAGES = {
  productName: 'Model Repository',
  // Shell (000 §2, 002 §2)
  noNewNotifications: 'No new notifications.',
  noNotificationsFound: 'No notifications were found',
  failedToLoadNotifications: 'Failed to load the notification list',
  notificationNewVersion: 'has added a new model version',
  notificationFilesModified: 'has modified files in the model',
  clickToReview: 'Click here to review',
  notFound: 'This page does not exist in Model Repository',
  requestSentSuccessfully: 'Request sent successfully',
  // Sign-in and session (002 §2, §8)
  wrongCredentials: 'You have entered wrong username or password',
  sessionAboutToExpire: 'Your Session is about to Expire!',
  accessRequestSubject: 'Access Request',
  accessRequestSentRecently: 'An access request was sent recently.',
  // API errors (not quoted in the spec; stable texts the web app may show)
  apiNotFound: 'Not found.',
  noPermission: 'You do not have permission to do this.',
  // Global error handling (002 §8)
  forbiddenRedirect: 'Access is forbidden. You have been redirected.',
  errorWithMessage: (message: string) => `An error has occurred: ${message}`,
  errorWithReportId: (id: string) =>
    `An error has occurred. Please try to reload the page. If this error persists, please contact support, mentioning the following report id: ${id}.`,
  unknownError: 'An unknown error has occurred. Please try to reload page.',
  // Report issue (000 §5, §8)
  fieldRequired: 'This field is required.',
  reportTooLong: 'The summary is too long, maximum length is 500 characters.',
  failedToReportIssue: 'Failed to report the issue',
} as const;
