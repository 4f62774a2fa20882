// @vitest-environment node
import type { LineageNode } from '@shared/schemas/versions-api';
import { describe, expect, it } from 'vitest';
import { layoutLineage } from './lineage-layout';

const node = (uuid: string, parentId: string | null): LineageNode => ({ uuid, parentId, restricted: false });

describe('layoutLineage', () => {
  it('places parents above their children and siblings side by side', () => {
    const { nodes, edges } = layoutLineage([node('root', null), node('left', 'root'), node('right', 'root')]);
    const at = Object.fromEntries(nodes.map((n) => [n.node.uuid, n]));
    expect(at.root?.y).toBeLessThan(at.left?.y ?? 0);
    expect(at.left?.y).toBe(at.right?.y);
    expect(at.left?.x).not.toBe(at.right?.x);
    expect(edges.map((e) => e.id).sort()).toEqual(['root->left', 'root->right']);
  });

  it('draws no edge to a parent outside the tree', () => {
    const { nodes, edges } = layoutLineage([node('orphan', 'gone')]);
    expect(nodes).toHaveLength(1);
    expect(edges).toEqual([]);
  });
});
