import * as z from 'zod/mini';

/** Help-menu link targets (000 §1); the Guided Tour entry may be switched off per installation. */
export const DocumentationLinksSchema = z.object({
  trainingUrl: z.string(),
  supportUrl: z.string(),
  feedbackUrl: z.string(),
  releaseNotesUrl: z.string(),
  aboutUrl: z.string(),
  /** Where users learn how to request THEOREM trial, database lock and country access (000 §5). */
  theoremAccessGuideUrl: z.optional(z.string()),
  guidedTourEnabled: z.optional(z.boolean()),
});
export type DocumentationLinks = z.infer<typeof DocumentationLinksSchema>;

export const TrackingSettingsSchema = z.object({ enabled: z.boolean() });

export const UploadConfigSchema = z.object({
  maxFileSizeBytes: z.int().check(z.positive()),
  /** Files above this size are uploaded in parts (multipart presigned URLs). */
  multipartThresholdBytes: z.optional(z.int().check(z.positive())),
  /** Extensions accepted by the file manager; empty or absent means any. */
  allowedExtensions: z.optional(z.array(z.string())),
});
export type UploadConfig = z.infer<typeof UploadConfigSchema>;

/** Application settings (000 §3), answered by GET /v2/settings and stored as one item. */
export const AppSettingsSchema = z.object({
  documentation: DocumentationLinksSchema,
  privacyPolicyUrl: z.string(),
  trackingSettings: TrackingSettingsSchema,
  /** Idle session length; the web app warns 60 s before it ends. */
  sessionTimeoutSeconds: z._default(z.int().check(z.positive()), 1800),
  /** E-mail domains of employees (external users may not register with them). */
  companyEmailDomains: z.array(z.string()),
  uploadConfig: UploadConfigSchema,
  /**
   * 'Open Chat' on the internal user list (002 §2): the chat deep link, `{email}` replaced by the
   * user's e-mail (URL-encoded). Absent: Microsoft Teams' link (the web app's CHAT_URL_TEMPLATE).
   */
  chatUrlTemplate: z.optional(z.string()),
});
export type AppSettings = z.infer<typeof AppSettingsSchema>;

/** GET /v2/version: shown in the footer. */
export const VersionInfoSchema = z.object({
  version: z.string(),
  buildTime: z.string(),
});
export type VersionInfo = z.infer<typeof VersionInfoSchema>;
