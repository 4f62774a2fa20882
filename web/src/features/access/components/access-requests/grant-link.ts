import { type GrantableRole, GrantLinkQuerySchema } from '@shared/schemas/collaboration';

/** The query parameters a grant link puts on /model/:uuid/detail (000 §2). */
export const GRANT_LINK_PARAMS = ['role', 'userId', 'file', 'fileName'] as const;

export type GrantLink =
  | { kind: 'none' }
  | { kind: 'invalid' }
  | { kind: 'model'; role: GrantableRole; userId: string }
  | { kind: 'file'; fileUuid: string; fileName: string; userId: string };

/**
 * Reads a grant link from the query string: `role` + `userId` grants a model role, `file` +
 * `fileName` + `userId` grants access to a file; any other combination of these keys is invalid.
 * A `file` on its own is no grant link: it is the Version Control tab's compared file
 * (`?tab=version&mode=compare&…&file=…`), which a grant link never looks like (it always names the
 * user). Reading it as a broken grant link warned and took it out of the URL, so a chosen file
 * vanished at once.
 */
export function readGrantLink(params: URLSearchParams): GrantLink {
  const present = GRANT_LINK_PARAMS.filter((key) => params.has(key));
  if (present.length === 0 || (present.length === 1 && present[0] === 'file')) return { kind: 'none' };
  const raw = Object.fromEntries(present.map((key) => [key, params.get(key) ?? '']));
  if ('role' in raw && 'file' in raw) return { kind: 'invalid' };
  const parsed = GrantLinkQuerySchema.safeParse(raw);
  if (!parsed.success) return { kind: 'invalid' };
  const link = parsed.data;
  return 'role' in link
    ? { kind: 'model', role: link.role, userId: link.userId }
    : { kind: 'file', fileUuid: link.file, fileName: link.fileName, userId: link.userId };
}

/** The same query string without the grant link (other parameters, e.g. `tab`, stay). */
export function withoutGrantLink(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of GRANT_LINK_PARAMS) next.delete(key);
  return next;
}
