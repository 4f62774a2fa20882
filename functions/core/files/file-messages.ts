/**
 * Texts of the file manager and file access answers that the spec does not quote (000 §8 quotes the
 * success texts, which live in shared/messages.ts). Stable, so clients and tests may show and find them.
 */
export const FILE_MANAGER_MESSAGES = {
  removeMainFileOnPublished: (name: string) =>
    `${name}: the main model file of a published model entry cannot be removed.`,
  mainFileFlagOnPublished: (name: string) =>
    `${name}: the main model file of a published model entry cannot be changed.`,
  notFound: (what: string) =>
    `${what} was not found in this model entry (it may have been removed meanwhile).`,
  notAFile: (name: string) => `${name} is a folder: only files have these attributes.`,
  twice: (name: string) => `${name} appears twice in this save.`,
  removedAndReplaced: (name: string) => `${name} cannot be removed and replaced in the same save.`,
  removedAndChanged: (name: string) => `${name} cannot be removed and changed in the same save.`,
  nameTaken: (name: string) => `A file or folder named ${name} exists already in this folder.`,
  folderIsFile: (path: string) => `'${path}' is a file, not a folder.`,
  cloneNotSpreadsheet: (name: string) => `${name}: only spreadsheet files (.xls, .xlsx) can be cloned.`,
  cloneNotReadable: (name: string) => `${name}: you do not have access to this file.`,
  cloneSourceMissing: (names: readonly string[]) =>
    `${names.length === 1 ? 'The file' : 'The files'} ${names.map((n) => `'${n}'`).join(', ')} ${names.length === 1 ? 'has' : 'have'} no content in storage, so ${names.length === 1 ? 'it' : 'they'} cannot be cloned. Please report this problem (it was logged).`,
  // One save is one transaction of at most `max` writes; an uploaded, replaced or copied file writes
  // two items (its node and its version, data/file-versions.ts).
  tooManyChanges: (max: number) =>
    `Too many changes for one save: upload or copy at most ${Math.floor(max / 2)} files, or change at most ${max} files and folders, at once.`,
  fileNotFound: 'File not found.',
  notManageable: 'You do not have permission to manage access to this file.',
  retired: 'A retired model entry cannot be changed.',
  shareNeedsInternalUser: 'Only active internal users can be given access to a file.',
  ownerNeedsInternalUser: 'Only active internal users can own a file.',
  ownerHasAccess: 'The owner of the file has access to it already.',
  alreadyOwner: 'This user owns the file already.',
  alreadyHasAccess: 'You already have access to this file.',
  requestNeedsInternalUser: 'Only internal users can request access to a file.',
  nobodyToAsk: 'Nobody with an e-mail address can grant access to this file.',
} as const;
