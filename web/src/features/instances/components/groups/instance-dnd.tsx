import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  type ScreenReaderInstructions,
  useDndContext,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { type DraggedInstance, dropTargetCollision, targetCoordinates } from './group-moves';

/**
 * Drag and drop of instances into and out of groups with @dnd-kit: the pointer (after 5 px, so a click
 * stays a click) or the keyboard (Space or Enter picks up, arrows go to the nearest group their way, Space or Enter
 * drops, Escape cancels), with every step announced to screen readers.
 */

interface TargetData {
  label: string;
}

const draggedOf = (data: unknown) => data as DraggedInstance | undefined;
const labelOf = (over: { data: { current?: unknown } } | null) =>
  (over?.data.current as TargetData | undefined)?.label;

const ANNOUNCEMENTS: Announcements = {
  onDragStart: ({ active }) => `Picked up ${draggedOf(active.data.current)?.name ?? 'the instance'}.`,
  onDragOver: ({ active, over }) => {
    const name = draggedOf(active.data.current)?.name ?? 'The instance';
    const target = labelOf(over);
    return target ? `${name} is over ${target}.` : `${name} is not over a group.`;
  },
  onDragEnd: ({ active, over }) => {
    const name = draggedOf(active.data.current)?.name ?? 'The instance';
    const target = labelOf(over);
    return target ? `${name} was dropped on ${target}.` : `${name} was dropped outside the groups.`;
  },
  onDragCancel: ({ active }) =>
    `Moving ${draggedOf(active.data.current)?.name ?? 'the instance'} was cancelled.`,
};

const INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To move this instance into a group, press Space or Enter. The arrow keys go to the nearest group in their direction. ' +
    'Press Space or Enter again to drop it there, or Escape to cancel.',
};

export function InstanceDndProvider({
  onDrop,
  children,
}: {
  onDrop: (dragged: DraggedInstance, targetId: string | undefined) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: targetCoordinates }),
  );
  const [active, setActive] = useState<DraggedInstance | undefined>();
  const end = (event: DragEndEvent) => {
    setActive(undefined);
    const dragged = draggedOf(event.active.data.current);
    if (dragged) onDrop(dragged, event.over ? String(event.over.id) : undefined);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={dropTargetCollision}
      accessibility={{ announcements: ANNOUNCEMENTS, screenReaderInstructions: INSTRUCTIONS }}
      onDragStart={(event: DragStartEvent) => setActive(draggedOf(event.active.data.current))}
      onDragEnd={end}
      onDragCancel={() => setActive(undefined)}
    >
      {children}
      <DragOverlay dropAnimation={null}>
        {active ? (
          <span className="mr-drag-chip">
            <i className="pi pi-file" aria-hidden="true" /> {active.name}
          </span>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

/** What is being dragged right now, if anything. */
export function useDragged(): DraggedInstance | undefined {
  return draggedOf(useDndContext().active?.data.current);
}

/** The handle of a list row: drags the instance into a group. */
export function DragHandle({ instance }: { instance: { id: string; name: string } }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `instance:${instance.id}`,
    data: { instanceId: instance.id, name: instance.name } satisfies DraggedInstance,
  });
  return (
    <button
      type="button"
      ref={setNodeRef}
      className={`mr-drag-handle${isDragging ? ' mr-drag-handle--dragging' : ''}`}
      {...attributes}
      {...listeners}
      aria-label={`Move ${instance.name} to a group`}
      // A click on the handle must not also select the row.
      onClick={(e) => e.stopPropagation()}
    >
      <i className="pi pi-bars" aria-hidden="true" />
    </button>
  );
}

/** An instance inside a group: drag it onto another group, or out of the groups to remove it. */
export function GroupMember({
  groupId,
  instanceId,
  name,
}: {
  groupId: string;
  instanceId: string;
  name: string;
}) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `member:${groupId}:${instanceId}`,
    data: { instanceId, name, from: groupId } satisfies DraggedInstance,
  });
  return (
    <button
      type="button"
      ref={setNodeRef}
      className={`mr-group-member${isDragging ? ' mr-group-member--dragging' : ''}`}
      {...attributes}
      {...listeners}
      aria-label={`Move ${name} out of the group`}
    >
      <i className="pi pi-bars" aria-hidden="true" />
      <span>{name}</span>
    </button>
  );
}

/** A drop target: a group, or the zone that takes an instance out of its group. */
export function DropTarget({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className: string;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id, data: { label } satisfies TargetData });
  return (
    <div ref={setNodeRef} className={`${className}${isOver ? ` ${className}--over` : ''}`}>
      {children}
    </div>
  );
}
