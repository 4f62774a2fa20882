import { Graph, layout } from '@dagrejs/dagre';
import type { LineageNode } from '@shared/schemas/versions-api';

export const NODE_WIDTH = 220;
export const NODE_HEIGHT = 72;

export interface PlacedNode {
  node: LineageNode;
  /** Top-left corner, as React Flow places nodes (dagre gives centres). */
  x: number;
  y: number;
}

export interface PlacedEdge {
  id: string;
  source: string;
  target: string;
}

/**
 * Lays a lineage out top-down with dagre: parents above their children, siblings side by side.
 * Edges to a parent that is not in the tree (it left the lineage) are dropped, so the node shows
 * as a root of its own instead of breaking the layout.
 */
export function layoutLineage(nodes: readonly LineageNode[]): { nodes: PlacedNode[]; edges: PlacedEdge[] } {
  const graph = new Graph();
  graph.setGraph({ rankdir: 'TB', nodesep: 32, ranksep: 56 });
  graph.setDefaultEdgeLabel(() => ({}));
  const ids = new Set(nodes.map((n) => n.uuid));
  for (const node of nodes) graph.setNode(node.uuid, { width: NODE_WIDTH, height: NODE_HEIGHT });
  const edges: PlacedEdge[] = [];
  for (const node of nodes) {
    if (node.parentId && ids.has(node.parentId)) {
      graph.setEdge(node.parentId, node.uuid);
      edges.push({ id: `${node.parentId}->${node.uuid}`, source: node.parentId, target: node.uuid });
    }
  }
  layout(graph);
  return {
    nodes: nodes.map((node) => {
      const { x, y } = graph.node(node.uuid);
      return { node, x: x - NODE_WIDTH / 2, y: y - NODE_HEIGHT / 2 };
    }),
    edges,
  };
}
