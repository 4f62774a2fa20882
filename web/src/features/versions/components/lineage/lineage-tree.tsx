import { MODEL_STATUS_LABELS } from '@shared/schemas/model';
import type { Hierarchy, LineageNode } from '@shared/schemas/versions-api';
import { Background, Controls, Handle, type Node, type NodeProps, Position, ReactFlow } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useMemo } from 'react';
import { layoutLineage, NODE_HEIGHT, NODE_WIDTH } from './lineage-layout';
import { RESTRICTED_ACCESS } from './lineage-texts';

type VersionNodeData = {
  node: LineageNode;
  current: boolean;
  /** 'A' or 'B' when the version is picked, in the order it was picked. */
  pick?: 'A' | 'B';
  onToggle: (uuid: string) => void;
};
type VersionFlowNode = Node<VersionNodeData, 'version'>;

/** The accessible name of a node's button: what a sighted user reads on the card. */
export function versionLabel(node: LineageNode): string {
  if (node.restricted) return RESTRICTED_ACCESS;
  return [node.name ?? node.uuid, node.version ? `Version ${node.version}` : undefined]
    .filter(Boolean)
    .join(', ');
}

/**
 * One version card. Its content is a real button, so the tree can be used with the keyboard (Tab
 * reaches every version, Enter or Space picks it); React Flow's own node selection is turned off.
 * Restricted versions cannot be picked: nothing of them may be compared.
 */
function VersionNode({ data }: NodeProps<VersionFlowNode>) {
  const { node, current, pick } = data;
  const className = [
    'mr-lineage-node',
    current ? 'mr-lineage-node--current' : '',
    pick ? 'mr-lineage-node--picked' : '',
    node.restricted ? 'mr-lineage-node--restricted' : '',
  ].join(' ');
  return (
    <>
      <Handle type="target" position={Position.Top} isConnectable={false} />
      {node.restricted ? (
        <div className={className} style={{ width: NODE_WIDTH, height: NODE_HEIGHT }}>
          <i className="pi pi-lock" aria-hidden="true" /> {RESTRICTED_ACCESS}
        </div>
      ) : (
        <button
          type="button"
          className={`${className} nodrag nopan`}
          // React Flow turns pointer events off on nodes that are neither selectable nor draggable.
          style={{ width: NODE_WIDTH, height: NODE_HEIGHT, pointerEvents: 'all' }}
          aria-pressed={!!pick}
          aria-current={current ? 'page' : undefined}
          aria-label={`${versionLabel(node)}${current ? ' (this entry)' : ''}`}
          onClick={() => data.onToggle(node.uuid)}
        >
          <span className="mr-lineage-node__name">{node.name}</span>
          <span className="mr-lineage-node__meta">
            {node.version ? `Version ${node.version}` : 'No version'}
            {node.status ? ` · ${MODEL_STATUS_LABELS[node.status]}` : ''}
          </span>
          {pick && (
            <span className="mr-lineage-node__pick" aria-hidden="true">
              {pick}
            </span>
          )}
        </button>
      )}
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
    </>
  );
}

const NODE_TYPES = { version: VersionNode };

/**
 * The lineage tree (000 §2, the Version Control tab's default mode): the whole lineage from its
 * root, laid out by dagre, the current entry highlighted, picked versions marked A and B.
 */
export function LineageTree({
  hierarchy,
  selection,
  onToggle,
}: {
  hierarchy: Hierarchy;
  selection: readonly string[];
  onToggle: (uuid: string) => void;
}) {
  const placed = useMemo(() => layoutLineage(hierarchy.nodes), [hierarchy.nodes]);
  const nodes: VersionFlowNode[] = useMemo(
    () =>
      placed.nodes.map(({ node, x, y }) => {
        const index = selection.indexOf(node.uuid);
        return {
          id: node.uuid,
          type: 'version',
          position: { x, y },
          width: NODE_WIDTH,
          height: NODE_HEIGHT,
          data: {
            node,
            current: node.uuid === hierarchy.currentId,
            pick: index === 0 ? 'A' : index === 1 ? 'B' : undefined,
            onToggle,
          },
        };
      }),
    [placed, selection, hierarchy.currentId, onToggle],
  );
  return (
    <section className="mr-lineage-tree" aria-label="Lineage tree">
      <ReactFlow
        nodes={nodes}
        edges={placed.edges}
        nodeTypes={NODE_TYPES}
        nodesDraggable={false}
        nodesConnectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        elementsSelectable={false}
        fitView
        minZoom={0.3}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </section>
  );
}
