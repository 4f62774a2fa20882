import type { FileNode } from '@shared/schemas/model-api';

/**
 * THEOREM (platform 'Oncology') entries split their files into 'THEOREM files' and 'Supporting
 * Documents' (000 §2). A THEOREM file is a data cut: it carries an as-of date; every other file is a
 * supporting document. Folders are not listed.
 */
export function splitTheoremFiles<F extends FileNode>(
  files: readonly F[],
): {
  theorem: F[];
  supporting: F[];
} {
  const theorem: F[] = [];
  const supporting: F[] = [];
  for (const file of files) {
    if (file.folder) continue;
    (file.asOfDate ? theorem : supporting).push(file);
  }
  return { theorem, supporting };
}

export const ownerName = (file: Pick<FileNode, 'owner'>) =>
  `${file.owner.firstName} ${file.owner.lastName}`.trim() || file.owner.id;
