import type { SectionAccess } from '@shared/schemas/sub-models-api';
import { describe, expect, it, vi } from 'vitest';
import { shownGroups, shownItems } from '../../../../components/ui/action-sidebar';
import { fullAccess, subModel, webModel } from '../../test-fixtures';
import {
  instanceListGroup,
  SIDEBAR_REASONS,
  toActionGroups,
  type WorkspaceGroupsInput,
  workspaceGroups,
} from './workspace-groups';

/** 'label:outcome' of each item, by group title. */
function states(input: Partial<WorkspaceGroupsInput> & Pick<WorkspaceGroupsInput, 'user'>) {
  const groups = workspaceGroups({
    model: webModel(),
    section: 'scenario',
    access: fullAccess,
    subModel: undefined,
    ...input,
  });
  return Object.fromEntries(groups.map((g) => [g.title, g.items.map((i) => `${i.label}:${i.outcome}`)]));
}

const owner = { id: 'olivia', userType: 'INTERNALUSER' } as const;
const viewer = { id: 'victor', userType: 'INTERNALUSER' } as const;
const displayViewer = { id: 'diana', userType: 'INTERNALUSER' } as const;

describe('workspaceGroups (001 §2 sidebar, §6 outcomes)', () => {
  it('offers nothing until the section access has loaded', () => {
    expect(
      workspaceGroups({
        model: webModel(),
        user: owner,
        section: 'scenario',
        access: undefined,
        subModel: undefined,
      }),
    ).toEqual([]);
  });

  it('links the sections the user sees in the Execution group, and the visualization to those who see the display section', () => {
    const access: SectionAccess = {
      sections: { scenario: 'allowed', calibration: 'disallowed', display: 'allowed' },
      add: { scenario: 'allowed', calibration: 'disallowed', display: 'disallowed' },
    };
    expect(states({ user: viewer, access }).Execution).toEqual([
      'Scenario Management:allowed',
      'Calibration Management:disallowed',
      'Display Management:allowed',
      'Data Visualization:allowed',
    ]);
  });

  it('shows no Execution group when the model-level check fails (no view permission)', () => {
    const model = webModel({ permissions: { ...webModel().permissions, view: 'disallowed' } });
    expect(Object.keys(states({ user: owner, model }))).toEqual(['Sub-models']);
  });

  it('lets an owner add, and shows the actions on a sub-model disabled until one is selected', () => {
    const items = workspaceGroups({
      model: webModel(),
      user: owner,
      section: 'scenario',
      access: fullAccess,
      subModel: undefined,
    }).find((g) => g.key === 'sub-models')?.items;
    expect(items?.map((i) => `${i.label}:${i.outcome}`)).toEqual([
      'Sub-model List:allowed',
      'Add Sub-model:allowed',
      'Edit Sub-model:forbidden',
      'Input Definition Editor:forbidden',
      'Export Input Definition:forbidden',
      'Delete Sub-model:forbidden',
    ]);
    expect(items?.filter((i) => i.outcome === 'forbidden').map((i) => i.reason)).toEqual(
      Array(4).fill(SIDEBAR_REASONS.selectSubModel),
    );
  });

  it("follows the selected sub-model's own permissions", () => {
    const selected = subModel({
      permissions: { edit: 'allowed', delete: 'allowed', addInstance: 'allowed' },
    });
    expect(states({ user: owner, subModel: selected })['Sub-models']).toEqual([
      'Sub-model List:allowed',
      'Add Sub-model:allowed',
      'Edit Sub-model:allowed',
      'Input Definition Editor:allowed',
      'Export Input Definition:allowed',
      'Delete Sub-model:allowed',
    ]);
  });

  it('hides Edit and Delete from a viewer, who may still add (§6) and open the editor of a selected sub-model', () => {
    expect(states({ user: viewer })['Sub-models']).toEqual([
      'Sub-model List:allowed',
      'Add Sub-model:allowed',
      'Edit Sub-model:disallowed',
      'Input Definition Editor:forbidden',
      'Export Input Definition:forbidden',
      'Delete Sub-model:disallowed',
    ]);
  });

  it('hides Add from a display viewer (§6 "Display-viewer cannot add or edit sub-models")', () => {
    const access: SectionAccess = {
      sections: { scenario: 'allowed', calibration: 'disallowed', display: 'allowed' },
      add: { scenario: 'disallowed', calibration: 'disallowed', display: 'disallowed' },
    };
    const items = states({ user: displayViewer, access, section: 'display' })['Sub-models'];
    expect(items).toContain('Add Sub-model:disallowed');
    expect(items).toContain('Edit Sub-model:disallowed');
  });

  it('offers no Edit or Delete in the display section, even to owners (§6 "not for the display type")', () => {
    const items = states({ user: owner, section: 'display' })['Sub-models'];
    expect(items).toContain('Edit Sub-model:disallowed');
    expect(items).toContain('Delete Sub-model:disallowed');
  });

  it('shows the changes of a retired entry disabled with the reason', () => {
    const model = webModel({ status: 'RETIRED' });
    const access: SectionAccess = {
      ...fullAccess,
      add: { scenario: 'forbidden', calibration: 'forbidden', display: 'forbidden' },
    };
    const items =
      workspaceGroups({ model, user: owner, section: 'scenario', access, subModel: undefined }).find(
        (g) => g.key === 'sub-models',
      )?.items ?? [];
    const add = items.find((i) => i.key === 'add');
    const edit = items.find((i) => i.key === 'edit');
    expect(add).toMatchObject({ outcome: 'forbidden', reason: SIDEBAR_REASONS.retired });
    expect(edit).toMatchObject({ outcome: 'forbidden', reason: SIDEBAR_REASONS.retired });
  });

  it('shows a scenario modeler the calibration actions on a calibration sub-model disabled (§6 forbidden)', () => {
    const calibration = subModel({
      type: 'calibration',
      permissions: { edit: 'forbidden', delete: 'forbidden', addInstance: 'forbidden' },
    });
    const items = workspaceGroups({
      model: webModel(),
      user: { id: 'sam', userType: 'INTERNALUSER' },
      section: 'calibration',
      access: { ...fullAccess, add: { ...fullAccess.add, calibration: 'forbidden' } },
      subModel: calibration,
    }).find((g) => g.key === 'sub-models')?.items;
    expect(items?.find((i) => i.key === 'edit')).toMatchObject({
      outcome: 'forbidden',
      reason: SIDEBAR_REASONS.scenarioModeler,
    });
  });

  it('turns items into sidebar actions that run their action', () => {
    const run = vi.fn();
    const groups = toActionGroups(
      workspaceGroups({
        model: webModel(),
        user: owner,
        section: 'scenario',
        access: fullAccess,
        subModel: subModel(),
      }),
      run,
    );
    shownGroups(groups)
      .flatMap(shownItems)
      .find((i) => i.key === 'delete')
      ?.onSelect?.();
    expect(run).toHaveBeenCalledWith({ kind: 'deleteSubModel' });
  });

  it('links the instance list of the sub-model until the instances feature provides its group', () => {
    const open = vi.fn();
    expect(instanceListGroup(undefined, open).items[0]).toMatchObject({
      outcome: 'forbidden',
      reason: SIDEBAR_REASONS.selectSubModel,
    });
    instanceListGroup({ id: 'sm-9' }, open).items[0]?.onSelect?.();
    expect(open).toHaveBeenCalledWith('sm-9');
  });
});
