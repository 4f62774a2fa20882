import type { UserSummary } from '@shared/schemas/model-api';

/** 'Updated By': the name from the entry's `users` map, else the id itself. */
export function userName(users: Record<string, UserSummary>, id: string | undefined): string {
  if (!id) return '';
  const u = users[id];
  return u ? `${u.firstName} ${u.lastName}`.trim() || id : id;
}
