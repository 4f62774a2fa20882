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
  // Model detail, add-entry wizard and Model Access (000 §2, §4, §5, §8)
  modelCreated: 'Model created',
  modelCreatedAndPublished: 'Model created and published',
  leavePageWarning: 'By leaving this page all changes will be lost. Do you want to continue?',
  mainFileDeleteConfirm: (file: string) =>
    `${file} is a main model file. Are you sure you want to delete it?`,
  nameCollisionTitle: "Model entry's name collision",
  updateSuffix: 'Update suffix',
  failedToSaveFiles: 'Failed to save files',
  metadataSaved: 'Metadata saved',
  modelPermissionsUpdated: 'Model Permissions updated',
  userSettingUpdated: 'User setting updated',
  noSubModelFound: 'No SubModel was found',
  missingLeadOrSteward: 'Missing VEST or VEAM Lead & Model Steward Info',
  detailRestrictedAccess: 'Restricted access',
  // Our words (issue 21 §11): the server answers 404 alike for what does not exist and for what the
  // caller may not see (nothing is revealed), so the page says both, not 'it may have been deleted'.
  entryNotFoundOrNoAccess:
    'This model entry does not exist, or you have no access to it. Ask its owner or its lead for access if you need it.',
  instanceNotFoundOrNoAccess:
    'This instance does not exist, or it is not shared with you. Ask its creator or the model owner to share it if you need it.',
  detailPreviewOnly:
    'You can only preview general information of this model. To view further details or download this model, please request access',
  fileTypeCreateNew: '(Create New)',
  // Not quoted in the spec: a stale optimistic version (409) on an update.
  staleModelReload: 'This model entry was changed meanwhile. Reload the page to see the latest version.',
  // Model list, Dynamic View, list actions and the download modal (000 §2, §4, §5, §8)
  listSearchPlaceholder: 'What are you looking for today?',
  viewMyModelEntries: 'View My Model Entries',
  viewAllModelEntries: 'View All Model Entries',
  noModelsFound: 'No models were found',
  dynamicBeginSearch: 'Begin your search with any filter',
  noFiltersSelected: 'No filters selected.',
  noResultsFound: 'No results found',
  confirmCheckboxRequired: 'You have to check confirmation checkbox',
  modelDeleted: 'Model has been deleted',
  modelPublished: 'Model has been published.',
  modelRetired: 'Model has been retired.',
  failedToRetireModel: 'Failed to retire model',
  legalNoticeRead: 'I have read the legal notice',
  // Not quoted in the spec: the default legal notice names proprietary materials and the procedure.
  defaultLegalNotice:
    'The model and its accompanying materials are proprietary and confidential. They are provided for internal use only and may not be shared outside the company or with third parties without prior written approval. Any adaptation of the model (for example to a country, a new indication or a submission) must follow the company model-adaptation procedure: contact the Model Steward and the Value and Implementation Lead before you start, and register the adapted model as a new model entry in Model Repository.',
  // Collaboration: files, file access, access requests, sharing, notifications (000 §2, §4, §5, §8)
  filesUpdated: 'Files have been updated',
  failedToUpdateFiles: 'Failed to update Files.',
  processingFiles: (done: number, total: number) => `Processing files ${done}/${total}`,
  uploadingFile: (name: string) => `Uploading ${name}`,
  deletingFile: (name: string) => `Deleting ${name}`,
  parsing: 'Parsing...',
  notifyModelUsersTitle: 'Notify Model Users ?',
  notificationOfModifiedFileSent: 'Email notification of modified file sent to model users',
  notificationOfNewVersionSent: 'Email notification of new model version sent to model users',
  failedToSendEmailNotification: 'Failed to send email notification',
  requestAccess: 'Request Access',
  manageFileAccess: 'Manage File Access',
  modelAccessRequestSent:
    'Model access request email has been sent. You will get an email notification once the model access is granted.',
  fileAccessRequestSent:
    'Model File access request email has been sent. You will get an email notification once the file access is granted.',
  failedToRequestAccess: 'Failed to request access',
  accessRequestMailFailed:
    'Your access request has been recorded and shown to the people who can grant it in the app, but the e-mail could not be sent. You will get an email notification once the access is granted.',
  accessRequestUndelivered:
    'Your access request could not be delivered: the e-mail could not be sent and the in-app notification failed. Please try again later.',
  notificationAccessRequested: 'has asked for access to the model',
  fileAccessGranted: 'File Access has been granted',
  fileAccessRemoved: (name: string) => `File Access removed for ${name}`,
  fileOwnershipGranted: (name: string) => `File Ownership has been granted to ${name}`,
  failedToGrantFileAccess: 'Failed to Grant File access',
  failedToGrantModelAccess: 'Failed to Grant Model access',
  settingUpPermissions: 'Setting up your model permissions',
  accessGranted: 'Access Granted',
  emailSent: 'Email has been sent.',
  shareDefaultMessage: (modelName: string, link: string) =>
    `Hello,\n\nI would like to invite you to access and explore the model entry "${modelName}" in Model Repository: ${link}\n\nBest regards`,
  theoremMissingAccess: (missing: readonly string[]) =>
    `You don't have ${missing.join(', ')} access in THEOREM. Please follow the THEOREM access guide to request it.`,
  theoremRestrictedVersion:
    'This is a restricted model version, please confirm your access with the HEDS Lead.',
  // Not quoted in the spec beyond "a message that no confidential discount access exists for the country".
  theoremNoCountryDiscount:
    'You do not have confidential discount access for the country of this model. Please contact the HEDS Lead.',
} as const;
