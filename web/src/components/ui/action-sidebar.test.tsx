import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ActionGroup, ActionGroupView, ActionSidebar } from './action-sidebar';

const groups: ActionGroup[] = [
  {
    key: 'a',
    title: 'Sub-models',
    items: [
      { key: 'add', label: 'Add Sub-model', icon: 'pi pi-plus', outcome: 'allowed', onSelect: vi.fn() },
      {
        key: 'edit',
        label: 'Edit Sub-model',
        icon: 'pi pi-pencil',
        outcome: 'forbidden',
        reason: 'Select a sub-model first',
        onSelect: vi.fn(),
      },
      {
        key: 'delete',
        label: 'Delete Sub-model',
        icon: 'pi pi-trash',
        outcome: 'disallowed',
        onSelect: vi.fn(),
      },
    ],
  },
  {
    key: 'b',
    title: 'Hidden',
    items: [{ key: 'x', label: 'Nothing', icon: 'pi pi-ban', outcome: 'disallowed' }],
  },
];

const renderSidebar = () =>
  render(
    <ActionSidebar label="Sub-model actions">
      {(collapsed) => groups.map((g) => <ActionGroupView key={g.key} group={g} collapsed={collapsed} />)}
    </ActionSidebar>,
  );

describe('ActionSidebar (001 §2, §6 outcomes)', () => {
  it('enables allowed items, shows forbidden ones disabled with the reason and hides disallowed ones', async () => {
    renderSidebar();
    const sidebar = screen.getByRole('complementary', { name: 'Sub-model actions' });
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Add Sub-model' }));
    expect(groups[0]?.items[0]?.onSelect).toHaveBeenCalled();
    const edit = within(sidebar).getByRole('button', { name: 'Edit Sub-model' });
    expect(edit).toHaveAttribute('aria-disabled', 'true');
    expect(edit).toHaveAccessibleDescription('Select a sub-model first');
    await userEvent.click(edit);
    expect(groups[0]?.items[1]?.onSelect).not.toHaveBeenCalled();
    expect(within(sidebar).queryByRole('button', { name: 'Delete Sub-model' })).not.toBeInTheDocument();
    expect(within(sidebar).queryByRole('region', { name: 'Hidden' })).not.toBeInTheDocument();
  });

  it('lets keyboard users reach a disabled action and shows its reason on focus (issue 21 §10)', async () => {
    renderSidebar();
    const user = userEvent.setup();
    const edit = screen.getByRole('button', { name: 'Edit Sub-model' });
    await user.tab();
    await user.tab();
    await user.tab();
    expect(edit).toHaveFocus();
    // The tooltip is for the eye (aria-hidden); screen readers read the description.
    expect(await screen.findByRole('tooltip', { hidden: true })).toHaveTextContent(
      'Select a sub-model first',
    );
    await user.keyboard('{Enter}');
    expect(groups[0]?.items[1]?.onSelect).not.toHaveBeenCalled();
  });

  it('collapses to icons whose names stay, and remembers it', async () => {
    const { unmount } = renderSidebar();
    await userEvent.click(screen.getByRole('button', { name: 'Collapse actions' }));
    const sidebar = screen.getByRole('complementary', { name: 'Sub-model actions' });
    expect(sidebar).toHaveClass('mr-sidebar--collapsed');
    expect(within(sidebar).getByRole('button', { name: 'Add Sub-model' })).not.toHaveTextContent(
      'Add Sub-model',
    );
    unmount();
    renderSidebar();
    expect(screen.getByRole('button', { name: 'Expand actions' })).toHaveAttribute('aria-expanded', 'false');
  });
});
