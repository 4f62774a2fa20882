import { describe, expect, it, vi } from 'vitest';
import { INSTANCE_REASONS, instanceExportName, instanceItems } from './instance-sidebar-group';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const permissions = (edit: string, clone = 'allowed', del = 'allowed', share = 'allowed') =>
  ({ permissions: { edit, clone, delete: del, share } }) as never;
const byKey = (items: ReturnType<typeof instanceItems>) => Object.fromEntries(items.map((i) => [i.key, i]));

describe('the Instances group of the sidebar (spec 001 §2, §4, §6)', () => {
  it('lists the items of §2 in order; Accept, Unaccept and Supersede only for calibration', () => {
    const base = {
      addInstance: 'allowed' as const,
      hasSubModel: true,
      instance: undefined,
      instanceSelected: false,
    };
    expect(instanceItems({ ...base, type: 'scenario' }).map((i) => i.label)).toEqual([
      'Instance List',
      'Add Instance',
      'Edit Instance',
      'Instance Editor',
      'Instance Detail',
      'Clone Instance',
      'Share Instance',
      'Export Instance',
      'Execute',
      'Cancel Execution',
      'Download Results',
      'Delete Instance',
    ]);
    expect(
      instanceItems({ ...base, type: 'calibration' })
        .map((i) => i.label)
        .slice(-3),
    ).toEqual(['Accept', 'Unaccept', 'Supersede']);
  });

  it('disables the items on one instance until one is selected', () => {
    const items = byKey(
      instanceItems({
        type: 'scenario',
        addInstance: 'allowed',
        hasSubModel: true,
        instance: undefined,
        instanceSelected: false,
      }),
    );
    for (const key of ['edit', 'editor', 'detail', 'clone', 'share', 'export', 'delete'])
      expect(items[key]).toMatchObject({ outcome: 'forbidden', reason: INSTANCE_REASONS.selectInstance });
    expect(items.list?.outcome).toBe('allowed');
    expect(items.add?.outcome).toBe('allowed');
  });

  it('takes the selected instance’s outcomes: forbidden shown disabled with its reason, disallowed hidden', () => {
    const items = byKey(
      instanceItems({
        type: 'scenario',
        addInstance: 'disallowed',
        hasSubModel: true,
        instance: permissions('forbidden', 'forbidden', 'disallowed', 'allowed'),
        instanceSelected: true,
      }),
    );
    expect(items.edit).toMatchObject({ outcome: 'forbidden', reason: INSTANCE_REASONS.edit });
    expect(items.clone).toMatchObject({ outcome: 'forbidden', reason: INSTANCE_REASONS.clone });
    expect(items.delete?.outcome).toBe('disallowed');
    expect(items.share?.outcome).toBe('allowed');
    expect(items.add?.outcome).toBe('disallowed');
    expect(items.editor?.outcome).toBe('allowed');
    // Without the entry's roles loaded the execution items wait, disabled.
    expect(items.execute?.outcome).toBe('forbidden');
  });

  it('names the export after the type, sub-model and instance, spaces as underscores', () => {
    expect(instanceExportName('scenario', 'Base case', 'Run 1')).toBe(
      'Scenario_Base_case_Run_1_Input_Definition.json',
    );
  });
});
