import type { ClientRect, Collision, CollisionDetection, KeyboardCoordinateGetter } from '@dnd-kit/core';
import { KeyboardCode, pointerWithin } from '@dnd-kit/core';
import { addToGroup, removeFromGroup } from '@shared/sub-models/groups';

/**
 * Dragging instances into and out of groups (spec 001 §2): what a drop changes, and the keyboard
 * moves between drop targets. Pure, so the rules are unit-tested without a browser.
 */

/** The drop target that takes an instance out of its group. */
export const UNGROUPED = 'ungrouped';
export const groupTargetId = (groupId: string) => `group:${groupId}`;
export const groupOfTarget = (targetId: string | number | undefined): string | undefined =>
  typeof targetId === 'string' && targetId.startsWith('group:') ? targetId.slice('group:'.length) : undefined;

export interface DraggedInstance {
  instanceId: string;
  name: string;
  /** The group it is dragged out of; undefined when dragged from the list. */
  from?: string;
}

export interface GroupMembers {
  id: string;
  scenarioIds: readonly string[];
}

/**
 * The groups whose instance lists a drop changes: into a group adds the instance once; out of a group
 * onto another moves it; out of a group onto 'ungrouped' removes it. Anything else changes nothing.
 */
export function dropChanges(
  groups: readonly GroupMembers[],
  dragged: DraggedInstance,
  targetId: string | undefined,
): { groupId: string; scenarioIds: string[] }[] {
  const to = groupOfTarget(targetId);
  const changes: { groupId: string; scenarioIds: string[] }[] = [];
  const source = dragged.from ? groups.find((g) => g.id === dragged.from) : undefined;
  if (to === undefined && targetId !== UNGROUPED) return [];
  if (to !== undefined && to === dragged.from) return [];
  if (to !== undefined) {
    const target = groups.find((g) => g.id === to);
    if (target && !target.scenarioIds.includes(dragged.instanceId))
      changes.push({ groupId: target.id, scenarioIds: addToGroup(target.scenarioIds, dragged.instanceId) });
  }
  if (source?.scenarioIds.includes(dragged.instanceId))
    changes.push({
      groupId: source.id,
      scenarioIds: removeFromGroup(source.scenarioIds, dragged.instanceId),
    });
  return changes;
}

const center = (rect: ClientRect) => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });
const contains = (rect: ClientRect, point: { x: number; y: number }) =>
  point.x >= rect.left && point.x <= rect.right && point.y >= rect.top && point.y <= rect.bottom;

/**
 * The pointer is over the target under it; a keyboard drag is over the target that holds the centre of
 * the dragged item, so that picking an item up never lands it on a target next to it by accident.
 */
export const dropTargetCollision: CollisionDetection = (args) => {
  if (args.pointerCoordinates) return pointerWithin(args);
  const middle = center(args.collisionRect);
  const hits: Collision[] = [];
  for (const container of args.droppableContainers) {
    const rect = args.droppableRects.get(container.id);
    if (rect && contains(rect, middle))
      hits.push({ id: container.id, data: { droppableContainer: container } });
  }
  return hits;
};

export type Direction = 'up' | 'down' | 'left' | 'right';

/**
 * The drop target a keyboard move goes to: the nearest target whose centre lies in the arrow's
 * direction from `from` (the dragged item's centre). Spatial on purpose: dnd-kit's keyboard sensor
 * scrolls and clamps a move by the key's direction, so a move must go the way its arrow points.
 */
export function nextTarget(
  rects: ReadonlyMap<string | number, ClientRect>,
  from: { x: number; y: number },
  direction: Direction,
): string | number | undefined {
  let best: { id: string | number; distance: number } | undefined;
  for (const [id, rect] of rects) {
    const c = center(rect);
    const dx = c.x - from.x;
    const dy = c.y - from.y;
    const ahead =
      direction === 'down' ? dy > 1 : direction === 'up' ? dy < -1 : direction === 'right' ? dx > 1 : dx < -1;
    if (!ahead) continue;
    const distance = Math.hypot(dx, dy);
    if (!best || distance < best.distance) best = { id, distance };
  }
  return best?.id;
}

const DIRECTIONS: Partial<Record<string, Direction>> = {
  [KeyboardCode.Down]: 'down',
  [KeyboardCode.Up]: 'up',
  [KeyboardCode.Left]: 'left',
  [KeyboardCode.Right]: 'right',
};

/**
 * Arrow keys move a keyboard drag to the nearest drop target in their direction (a group, or the zone
 * that takes an instance out of its group); Space or Enter drops, Escape cancels.
 */
export const targetCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const direction = DIRECTIONS[event.code];
  if (!direction) return undefined;
  event.preventDefault();
  const { droppableRects, collisionRect } = context;
  if (!collisionRect) return undefined;
  const enabled = new Map(
    [...droppableRects.entries()].filter(([id]) => !context.droppableContainers.get(id)?.disabled),
  );
  const target = nextTarget(enabled, center(collisionRect), direction);
  const rect = target === undefined ? undefined : enabled.get(target);
  if (!rect) return undefined;
  const middle = center(rect);
  return { x: middle.x - collisionRect.width / 2, y: middle.y - collisionRect.height / 2 };
};
