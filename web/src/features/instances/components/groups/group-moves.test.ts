// @vitest-environment node
import type { ClientRect } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { dropChanges, dropTargetCollision, groupTargetId, nextTarget, UNGROUPED } from './group-moves';

const groups = [
  { id: 'a', scenarioIds: ['i1'] },
  { id: 'b', scenarioIds: [] },
];
const rect = (left: number, top: number, width = 100, height = 40): ClientRect => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
});

describe('dragging instances into and out of groups (spec 001 §2)', () => {
  it('adds an instance dragged from the list into a group, once', () => {
    expect(dropChanges(groups, { instanceId: 'i2', name: 'Two' }, groupTargetId('a'))).toEqual([
      { groupId: 'a', scenarioIds: ['i1', 'i2'] },
    ]);
    expect(dropChanges(groups, { instanceId: 'i1', name: 'One' }, groupTargetId('a'))).toEqual([]);
  });

  it('moves an instance dragged from one group onto another', () => {
    expect(dropChanges(groups, { instanceId: 'i1', name: 'One', from: 'a' }, groupTargetId('b'))).toEqual([
      { groupId: 'b', scenarioIds: ['i1'] },
      { groupId: 'a', scenarioIds: [] },
    ]);
  });

  it('takes an instance out of its group when dropped outside the groups', () => {
    expect(dropChanges(groups, { instanceId: 'i1', name: 'One', from: 'a' }, UNGROUPED)).toEqual([
      { groupId: 'a', scenarioIds: [] },
    ]);
  });

  it('changes nothing when dropped on its own group or on no target', () => {
    expect(dropChanges(groups, { instanceId: 'i1', name: 'One', from: 'a' }, groupTargetId('a'))).toEqual([]);
    expect(dropChanges(groups, { instanceId: 'i1', name: 'One', from: 'a' }, undefined)).toEqual([]);
    expect(dropChanges(groups, { instanceId: 'i2', name: 'Two' }, UNGROUPED)).toEqual([]);
  });
});

describe('keyboard moves between drop targets', () => {
  it('goes to the nearest target in the arrow’s direction, and nowhere when there is none', () => {
    const rects = new Map<string, ClientRect>([
      ['above', rect(0, 0)],
      ['far-above', rect(0, -300)],
      ['right', rect(400, 300)],
      ['below', rect(0, 600)],
    ]);
    const here = { x: 50, y: 320 };
    expect(nextTarget(rects, here, 'up')).toBe('above');
    expect(nextTarget(rects, here, 'down')).toBe('below');
    expect(nextTarget(rects, here, 'right')).toBe('right');
    expect(nextTarget(rects, here, 'left')).toBeUndefined();
    // Over a target (its centre is the item's), the next one up is the one beyond it.
    expect(nextTarget(rects, { x: 50, y: 20 }, 'up')).toBe('far-above');
  });

  it('finds a keyboard drag over the target that holds its centre, and none just after pick-up', () => {
    const container = (id: string) => ({
      id,
      key: id,
      data: { current: {} },
      disabled: false,
      node: { current: null },
      rect: { current: null },
    });
    const args = {
      active: { id: 'x', data: { current: {} }, rect: { current: { initial: null, translated: null } } },
      droppableRects: new Map([
        ['g1', rect(0, 0, 200, 100)],
        ['g2', rect(0, 200, 200, 100)],
      ]),
      droppableContainers: [container('g1'), container('g2')],
      pointerCoordinates: null,
    };
    const over = (collisionRect: ClientRect) =>
      // biome-ignore lint/suspicious/noExplicitAny: the collision arguments of dnd-kit carry more than the test needs.
      dropTargetCollision({ ...(args as any), collisionRect }).map((c) => c.id);
    expect(over(rect(50, 230, 40, 40))).toEqual(['g2']);
    expect(over(rect(50, 400, 40, 40))).toEqual([]);
  });
});
