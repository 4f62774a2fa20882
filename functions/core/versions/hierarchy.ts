import { compareVersions } from '@shared/rules/model-version';
import type { User } from '@shared/schemas/user';
import type { Hierarchy, LineageNode } from '@shared/schemas/versions-api';
import { listLineageMoves } from '../../data/lineage-moves';
import { listLineage, type ModelRecord } from '../../data/models';
import { canSee, loadVisibleModel } from '../models/model-access';
import { effectiveRoots } from './lineage-move';

/**
 * GET /v2/models/{uuid}/hierarchy (000 §7 "Get hierarchy by modelUuid"; docs/versions.md "Lineage").
 * 1. The caller must see (view or preview) the entry asked about (404 otherwise).
 * 2. Its lineage: every entry under its root (GSI2 TREE#<root>), deleted ones left out. The entry
 *    itself is always in it (the index is eventually consistent: a just-moved entry is read from its
 *    item).
 * 3. Each node the caller may not see is a 'Restricted access' node: its id and place only.
 * 4. Parents before children, siblings by version then creation date; a parent link that leads
 *    outside the lineage makes the node a top node that keeps the link as `originalParentId`.
 * 5. (below) Moves under way.
 */
export async function getHierarchy(caller: User, uuid: string): Promise<Hierarchy> {
  const model = await loadVisibleModel(uuid, caller);
  const storedRoot = model.metadata.tree_root_id ?? model.uuid;
  // 5. A journaled move under way (functions/data/lineage-moves.ts) whose old or new root is this
  //    entry's: both lineages are read, and the moved subtree placed under the new root.
  const moves = (await listLineageMoves()).filter(
    (m) => m.oldRoot === storedRoot || m.newRoot === storedRoot,
  );
  const roots = [...new Set([storedRoot, ...moves.flatMap((m) => [m.oldRoot, m.newRoot])])];
  const listed = (await Promise.all(roots.map(listLineage))).flat();
  const lineage = [
    ...new Map(
      listed
        .filter((m) => m.uuid !== model.uuid && m.status !== 'DELETED' && m.status !== 'CREATING')
        .map((m) => [m.uuid, m]),
    ).values(),
  ];
  const effective = effectiveRoots([model, ...lineage], moves);
  const rootId = effective.get(model.uuid) ?? storedRoot;
  const members = [model, ...lineage.filter((m) => effective.get(m.uuid) === rootId)];
  return { rootId, currentId: model.uuid, nodes: orderedNodes(members, caller) };
}

export function orderedNodes(members: readonly ModelRecord[], caller: User): LineageNode[] {
  const byUuid = new Map(members.map((m) => [m.uuid, m]));
  const parentOf = (m: ModelRecord) => {
    const p = m.metadata.tree_parent_id;
    return p && p !== m.uuid && byUuid.has(p) ? p : null;
  };
  const children = new Map<string | null, ModelRecord[]>();
  for (const m of members) {
    const p = parentOf(m);
    children.set(p, [...(children.get(p) ?? []), m]);
  }
  const bySiblingOrder = (a: ModelRecord, b: ModelRecord) =>
    compareVersions(a.metadata.version_release_of_model ?? '0', b.metadata.version_release_of_model ?? '0') ||
    a.createdOn.localeCompare(b.createdOn);
  const out: LineageNode[] = [];
  const seen = new Set<string>();
  const queue = [...(children.get(null) ?? [])].sort(bySiblingOrder);
  while (queue.length > 0) {
    const m = queue.shift() as ModelRecord;
    if (seen.has(m.uuid)) continue;
    seen.add(m.uuid);
    out.push(toNode(m, parentOf(m), caller));
    queue.push(...[...(children.get(m.uuid) ?? [])].sort(bySiblingOrder));
  }
  // Entries caught in a parent loop (bad data) are still shown, as top nodes.
  for (const m of members) if (!seen.has(m.uuid)) out.push(toNode(m, null, caller));
  return out;
}

function toNode(m: ModelRecord, parentId: string | null, caller: User): LineageNode {
  const stored = m.metadata.tree_parent_id;
  const place = {
    uuid: m.uuid,
    parentId,
    ...(stored && stored !== parentId && stored !== m.uuid ? { originalParentId: stored } : {}),
  };
  if (!canSee(caller, m)) return { ...place, restricted: true };
  return {
    ...place,
    restricted: false,
    name: m.name,
    status: m.status,
    ...(m.metadata.version_release_of_model ? { version: m.metadata.version_release_of_model } : {}),
    createdOn: m.createdOn,
    creatorName: m.creatorName,
    ...(m.metadata.version_log ? { versionLog: m.metadata.version_log } : {}),
    ...(m.metadata.changelog_file ? { changelogFile: m.metadata.changelog_file } : {}),
  };
}
