import type { UserSummary } from '@shared/schemas/model-api';

/** UpdatedOn and history dates: date and time in the user's zone. */
export function formatDateTime(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** 'Updated By': the name from the entry's `users` map, else the id itself. */
export function userName(users: Record<string, UserSummary>, id: string | undefined): string {
  if (!id) return '';
  const u = users[id];
  return u ? `${u.firstName} ${u.lastName}`.trim() || id : id;
}
