import { UnprocessableError } from '../../../lib/errors';

/** Why a file could not be read as a workbook; the web may branch on it, the message is for people. */
export type WorkbookProblem =
  | 'password-protected'
  | 'corrupt'
  | 'zip-bomb'
  | 'too-many-cells'
  | 'compound-too-large';

/** A workbook that cannot be compared, with a message a user can act on (422). */
export class WorkbookReadError extends UnprocessableError {
  /** Which of the two compared files it is, set by diffWorkbooks. */
  side?: 'old' | 'new';

  constructor(
    readonly problem: WorkbookProblem,
    message: string,
  ) {
    super(message);
  }
}

export const workbookErrors = {
  passwordProtected: () =>
    new WorkbookReadError(
      'password-protected',
      'This workbook is password-protected, so it cannot be compared. Remove the password in Excel (File > Info > Protect Workbook), save it and upload it again.',
    ),
  corrupt: (detail?: string) =>
    new WorkbookReadError(
      'corrupt',
      `This file cannot be read as an Excel workbook (.xlsx, .xlsm or .xls): it is damaged or of another kind.${detail ? ` (${detail})` : ''}`,
    ),
  zipBomb: () =>
    new WorkbookReadError(
      'zip-bomb',
      'This workbook unpacks to far more data than its size suggests (a possible zip bomb), so it was not compared.',
    ),
  compoundTooLarge: (limit: number) =>
    new WorkbookReadError(
      'compound-too-large',
      `This workbook is saved in the Excel 97-2003 format (.xls) or with a password, and is larger than ${Math.round(limit / (1024 * 1024))} MB, so it was not compared. Save it as .xlsx without a password and upload it again.`,
    ),
  tooManyCells: (limit: number) =>
    new WorkbookReadError(
      'too-many-cells',
      `This workbook has more than ${limit.toLocaleString('en-US')} filled cells, more than can be compared.`,
    ),
};
