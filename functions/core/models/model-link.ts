/**
 * The model detail page; `tab=folder` opens the file tab (000 §2 review links). Every mail that points
 * at an entry (access, notifications, instances) links there, so it lives with the entry.
 */
export function modelLink(webUrl: string, uuid: string, tab?: 'folder'): string {
  return `${webUrl}/model/${encodeURIComponent(uuid)}/detail${tab ? `?tab=${tab}` : ''}`;
}
