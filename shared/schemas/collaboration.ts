import * as z from 'zod/mini';
import { freeText, isoDate } from './input';
import { FileNodeSchema, UploadedFileRefSchema, UserSummarySchema, UuidSchema } from './model-api';
import { UserNotificationActionSchema } from './notification';
import { IsidSchema } from './user';

/**
 * Request and response shapes of collaboration (issue 4): the file manager, file-level access, model
 * access requests and grant links, sharing by e-mail, creating notifications and the audit trail.
 *
 *   PATCH /v2/models/{uuid}/files                                 FileChangeSetBody → FileList
 *   GET   /v2/models/{uuid}/files/{fileUuid}/access               → FileAccessList
 *   PUT   /v2/models/{uuid}/files/{fileUuid}/access               FileShareBody → FileAccessList
 *   PUT   /v2/models/{uuid}/files/{fileUuid}/owner                FileOwnerBody → FileNode
 *   POST  /v2/models/{uuid}/files/{fileUuid}/access-requests      FileAccessRequestBody → RequestSent
 *   GET   /v2/models/{uuid}/files/{fileUuid}/history              → FileHistory
 *   POST  /v2/models/{uuid}/access-requests                       ModelAccessRequestBody → RequestSent
 *   POST  /v2/models/{uuid}/grants                                ModelGrantBody → ModelGrantResult
 *   POST  /v2/models/{uuid}/share                                 ShareModelBody → ShareResult
 *   GET   /v2/models/{uuid}/audit                                 AuditQuery → AuditPage
 *   POST  /v2/notifications                                       CreateNotificationBody → CreateNotificationResult
 *
 * Who may do what (docs/permissions.md "Files and access"):
 * - file download: the file rule of 000 §6 and THEOREM flags (functions/core/models/file-read-rules.ts
 *   fileDownloadDecision);
 * - manage file access (share, stop sharing, transfer ownership, answer a file grant link) and a
 *   file's cdd and private flags: the file's owner and super users only (shared/rules/file-permissions.ts);
 * - grant a model role (the model grant link): model managers and super users;
 * - every grant, stop, ownership transfer and download writes an audit record (`AuditRecord`).
 */

// ---------- shared vocabulary ----------

/** The four reasons of a request for access (000 §5), in the spec's order. */
export const ACCESS_REQUEST_REASONS = [
  'To develop a local model and/or materials for external use (e.g., HTA submissions)',
  'To create materials for internal use (e.g., training resources)',
  'To inform a strategic policy, resource, or commercial decision',
  'Other',
] as const;
export const AccessRequestReasonSchema = z.enum(ACCESS_REQUEST_REASONS);
export const OTHER_REASON = 'Other';

/** Details are required only when 'Other' is among the reasons (000 §5). */
const detailsNeededForOther = <T extends { reasons: readonly string[]; details?: string | undefined }>(
  body: T,
) => !body.reasons.includes(OTHER_REASON) || (body.details ?? '').trim().length > 0;
const DETAILS_ISSUE = { message: 'This field is required.', path: ['details'] };

// ---------- file manager ----------

/** Fields of a file node the file manager may change (not its body, name or path). */
export const FileAttributesSchema = z.object({
  fileTag: z.optional(
    z
      .string()
      .check(
        z.regex(/^[A-Za-z]*$/, 'File types contain letters only'),
        z.maxLength(25, 'A file type has at most 25 letters'),
      ),
  ),
  cdd: z.optional(z.enum(['Yes', 'No'])),
  isPrivate: z.optional(z.boolean()),
  mainFile: z.optional(z.boolean()),
  /** ISO date (yyyy-mm-dd, a real calendar day) of the data the file reflects; '' clears it. */
  asOfDate: z.optional(isoDate({ allowEmpty: true })),
  comment: z.optional(freeText({ max: 1000, multiline: true, trim: false })),
});
export type FileAttributes = z.infer<typeof FileAttributesSchema>;

/**
 * One save of the file manager ('Files have been updated'), applied all-or-nothing:
 * - `folders`: folder paths to create ('a/b' creates a and a/b);
 * - `add`: uploaded files (upload ticket `uploadId`); one with the path and name of an existing file
 *   replaces its body: the file keeps its uuid and the earlier body stays as a version (history);
 * - `remove`: file or folder uuids (a folder takes its content along); bodies are kept as versions;
 * - `update`: attribute changes of existing files;
 * - `clone`: copies of spreadsheet files (.xls, .xlsx) under a new name in the same folder.
 * `rev` is the entry's optimistic version (409 when stale).
 */
export const FileChangeSetBodySchema = z
  .object({
    rev: z.optional(z.int()),
    uploadId: z.optional(z.string().check(z.maxLength(64))),
    folders: z._default(z.array(freeText({ min: 1, max: 1000, trim: false })).check(z.maxLength(100)), []),
    add: z._default(z.array(UploadedFileRefSchema).check(z.maxLength(90)), []),
    remove: z._default(z.array(UuidSchema).check(z.maxLength(500)), []),
    update: z._default(
      z.array(z.extend(FileAttributesSchema, { uuid: UuidSchema })).check(z.maxLength(500)),
      [],
    ),
    clone: z._default(
      z
        .array(z.object({ fromUuid: UuidSchema, name: freeText({ min: 1, max: 255, trim: false }) }))
        .check(z.maxLength(20)),
      [],
    ),
  })
  .check(
    z.refine(
      (b) => b.folders.length + b.add.length + b.remove.length + b.update.length + b.clone.length > 0,
      {
        message: 'There are no changes to save.',
        path: [],
      },
    ),
  );
export type FileChangeSetBody = z.infer<typeof FileChangeSetBodySchema>;

/** What the caller may do with one file (computed per caller, added to file nodes in lists). */
export const FileCallerAccessSchema = z.object({
  download: z.boolean(),
  /** Shown as 'Request Access' when the file rule refuses the download. */
  requestAccess: z.boolean(),
  /** 'Manage File Access' (share, stop sharing, transfer ownership) and the cdd and private flags. */
  manage: z.boolean(),
  /** Why the download is refused (only when `download` is false): the download route's own words. */
  reason: z.optional(z.string()),
  /**
   * Which rule refuses (only when `download` is false): 'theorem' (missing THEOREM accesses: the page
   * shows the message with the access guide), 'entry', 'file' or 'private'.
   */
  refusal: z.optional(z.enum(['entry', 'theorem', 'file', 'private'])),
});
export type FileCallerAccess = z.infer<typeof FileCallerAccessSchema>;

/** A file node as listed for a caller: the node plus that caller's access. */
export const CallerFileNodeSchema = z.extend(FileNodeSchema, {
  callerAccess: z.optional(FileCallerAccessSchema),
  /** Earlier bodies kept (0 when the file was never replaced). */
  versionCount: z.optional(z.int().check(z.nonnegative())),
});
export type CallerFileNode = z.infer<typeof CallerFileNodeSchema>;

// ---------- file access ----------

export const FileAccessListSchema = z.object({
  fileUuid: UuidSchema,
  fileName: z.string(),
  owner: UserSummarySchema,
  /** Internal users holding file access (status ACTIVE). */
  sharedWith: z.array(UserSummarySchema),
  /** Internal users who could be given access (everyone eligible not in `sharedWith`). */
  candidates: z.array(UserSummarySchema),
});
export type FileAccessList = z.infer<typeof FileAccessListSchema>;

/** Grant (ACTIVE) or stop sharing (INACTIVE) one user's access to a file (000 §4, §7 "Update share"). */
export const FileShareBodySchema = z.object({
  userId: IsidSchema,
  status: z._default(z.enum(['ACTIVE', 'INACTIVE']), 'ACTIVE'),
});
export type FileShareBody = z.infer<typeof FileShareBodySchema>;

export const FileOwnerBodySchema = z.object({ userId: IsidSchema });

/** A request for access to a model entry or one of its files: reasons (000 §5) and details. */
export const AccessReasonsBodySchema = z
  .object({
    reasons: z
      .array(AccessRequestReasonSchema)
      .check(z.minLength(1, 'This field is required.'), z.maxLength(4)),
    details: z.optional(freeText({ max: 2000, multiline: true })),
  })
  .check(z.refine(detailsNeededForOther, DETAILS_ISSUE));

export const FileAccessRequestBodySchema = AccessReasonsBodySchema;
export type FileAccessRequestBody = z.infer<typeof FileAccessRequestBodySchema>;

export const FileVersionSchema = z.object({
  versionNumber: z.int().check(z.positive()),
  /** VERSIONED: the body was carried into a new version of the entry (issue 18, docs/versions.md). */
  action: z.enum(['UPLOADED', 'REPLACED', 'CLONED', 'REMOVED', 'VERSIONED']),
  isid: z.string(),
  timestamp: z.string(),
  size: z.optional(z.int().check(z.nonnegative())),
  current: z.boolean(),
});
export const FileHistorySchema = z.object({ fileUuid: UuidSchema, items: z.array(FileVersionSchema) });

// ---------- model access requests and grant links ----------

export const ModelAccessRequestBodySchema = AccessReasonsBodySchema;
export type ModelAccessRequestBody = z.infer<typeof ModelAccessRequestBodySchema>;

export const RequestSentSchema = z.object({
  /** How many people were asked (by e-mail, or in the app when the mail failed). */
  recipients: z.int().check(z.nonnegative()),
  /**
   * False when the request was recorded but its e-mail could not be sent (no sender configured, SES
   * refusing the recipient): the recipients were notified in the app instead, and `message` says so.
   */
  mailSent: z.boolean(),
  message: z.optional(z.string()),
});

/** The model access values a grant link may carry (000 §3); labels are the grantable labels of §6. */
export const GRANTABLE_ROLES = {
  VIEWER: 'Model Viewer',
  CALIBRATORMODELER: 'Calibration Modeler',
  SCENARIOMODELER: 'Scenario Modeler',
  DISPLAYVIEWER: 'Display User',
  OWNER: 'Model Owner',
} as const;
export type GrantableRole = keyof typeof GRANTABLE_ROLES;
export const GrantableRoleSchema = z.enum(
  Object.keys(GRANTABLE_ROLES) as [GrantableRole, ...GrantableRole[]],
);

export const ModelGrantBodySchema = z.object({ role: GrantableRoleSchema, userId: IsidSchema });
export const ModelGrantResultSchema = z.object({
  role: GrantableRoleSchema,
  user: UserSummarySchema,
  /** False when the user already held that access (nothing changed). */
  changed: z.boolean(),
});

/** The query string of a grant link on /model/:uuid/detail (000 §2). */
export const GrantLinkQuerySchema = z.union([
  z.object({ role: GrantableRoleSchema, userId: IsidSchema }),
  z.object({ file: UuidSchema, fileName: freeText({ max: 255, trim: false }), userId: IsidSchema }),
]);

// ---------- share by e-mail ----------

export const SHARE_MESSAGE_MAX = 2000;
export const ShareModelBodySchema = z.object({
  userIds: z.array(IsidSchema).check(z.minLength(1, 'Select at least one user.'), z.maxLength(50)),
  message: freeText({
    min: 1,
    minMessage: 'This field is required.',
    max: SHARE_MESSAGE_MAX,
    multiline: true,
  }),
});
export const ShareResultSchema = z.object({ recipients: z.int().check(z.nonnegative()) });

// ---------- notifications ----------

export const USER_NOTE_MAX = 1000;
/** 'Notify Model Users ?' (000 §4): a notification and an e-mail to steward, lead, owners and viewers. */
export const CreateNotificationBodySchema = z.object({
  modelUuid: UuidSchema,
  action: UserNotificationActionSchema,
  userNote: freeText({ min: 1, minMessage: 'This field is required.', max: USER_NOTE_MAX, multiline: true }),
});
export const CreateNotificationResultSchema = z.object({
  notificationId: z.string(),
  /** Users who received the notification (and the e-mail). */
  recipients: z.int().check(z.nonnegative()),
});

// ---------- audit ----------

export const AUDIT_ACTIONS = [
  'FILE_ACCESS_GRANTED',
  'FILE_ACCESS_REMOVED',
  'FILE_OWNER_CHANGED',
  'FILE_DOWNLOADED',
  'FILES_DOWNLOADED_ALL',
  'FILES_UPDATED',
  'FILE_ACCESS_REQUESTED',
  'MODEL_ACCESS_REQUESTED',
  'MODEL_ROLE_GRANTED',
  'MODEL_SHARED',
  'THEOREM_ACCESS_SET',
] as const;
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;

/** Who did what, when: one record per grant, stop, transfer, download (issue 4 §7). */
export const AuditRecordSchema = z.object({
  id: z.string(),
  modelUuid: UuidSchema,
  action: AuditActionSchema,
  /** The caller. */
  actor: z.string(),
  at: z.string(),
  fileUuid: z.optional(z.string()),
  fileName: z.optional(z.string()),
  /** The user the action was about (grantee, new owner...). */
  subject: z.optional(z.string()),
  /** A short free detail (role, number of files...). */
  detail: z.optional(z.string().check(z.maxLength(500))),
});
export type AuditRecord = z.infer<typeof AuditRecordSchema>;

export const AuditQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
  /** Opaque cursor from the previous page. */
  cursor: z.optional(z.string().check(z.maxLength(200))),
});
export const AuditPageSchema = z.object({
  items: z.array(AuditRecordSchema),
  cursor: z.optional(z.string()),
});

/** GET /v2/models/{uuid}/files and the answer of a file manager save. */
export const CallerFileListSchema = z.object({ items: z.array(CallerFileNodeSchema) });
export type CallerFileList = z.infer<typeof CallerFileListSchema>;
