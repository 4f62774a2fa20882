import type { UserType } from '../schemas/user';

/**
 * Who controls a file (000 §6 "File owners can manage file access and ownership"; issue 9 §1): whether
 * it is confidential (cdd) or private, who it is shared with and who owns it are decided by the file's
 * owner and by super users only. The managers of the entry (lead, steward, owners) edit everything else
 * about its files (names, folders, bodies, file type, as-of date, comment, main file, removal) but
 * cannot open up or take over someone else's confidential file. The API refuses (403) and the web app
 * shows these controls disabled with OWNER_ONLY_HINT.
 */
export interface FileController {
  id: string;
  userType: UserType;
}

export function mayControlFile(user: FileController, file: { owner: { id: string } }): boolean {
  return user.userType === 'SUPERUSER' || file.owner.id === user.id;
}

/** The file attributes only the file owner or a super user may change. */
export const OWNER_ONLY_ATTRIBUTES = ['cdd', 'isPrivate'] as const;
export type OwnerOnlyAttribute = (typeof OWNER_ONLY_ATTRIBUTES)[number];

/**
 * The owner-only attributes a change would really change (a value equal to the stored one is no
 * change, so a form that sends every attribute back does not trip the rule).
 */
export function ownerOnlyChanges(
  file: { cdd: 'Yes' | 'No'; isPrivate: boolean },
  change: { cdd?: 'Yes' | 'No' | undefined; isPrivate?: boolean | undefined },
): OwnerOnlyAttribute[] {
  return OWNER_ONLY_ATTRIBUTES.filter((key) => change[key] !== undefined && change[key] !== file[key]);
}

export const FILE_OWNER_MESSAGES = {
  /** A file manager save that would change cdd or private on files of other people. */
  attributes: (names: readonly string[]) =>
    `Only the file owner or a super user can mark a file as confidential (CDD) or private, or lift it: ${names.join(', ')}. Nothing was saved.`,
  /** Sharing, stopping sharing or transferring ownership of someone else's file. */
  access: 'Only the file owner or a super user can change who has access to this file or who owns it.',
  /** Next to the disabled controls in the web app. */
  hint: 'Only the file owner or a super user can change these.',
} as const;
