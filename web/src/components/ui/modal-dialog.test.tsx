import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MAXIMIZE_LABELS, ModalDialog } from './modal-dialog';

/** A page whose button opens a dialog with a dropdown; the dialog is unmounted when it closes. */
function Page({ onHide = () => {} }: { onHide?: () => void }) {
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<string>();
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add sub-model
      </button>
      {open && (
        <ModalDialog
          header="Add Sub-model"
          visible
          maximizable
          onHide={() => {
            onHide();
            setOpen(false);
          }}
        >
          <label htmlFor="type">Type</label>
          <Dropdown
            inputId="type"
            value={type}
            options={['JSON', 'JSON Template']}
            onChange={(e) => setType(e.value as string)}
          />
          <input aria-label="Name" defaultValue="typed by the user" />
        </ModalDialog>
      )}
    </>
  );
}

describe('ModalDialog (issue 21 §7, §16)', () => {
  it('closes only the open dropdown on Escape, and the dialog on the next Escape', async () => {
    const onHide = vi.fn();
    const user = userEvent.setup();
    render(<Page onHide={onHide} />);
    await user.click(screen.getByRole('button', { name: 'Add sub-model' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Sub-model' });
    await user.click(dialog.querySelector('.p-dropdown') as HTMLElement);
    expect(await screen.findByRole('option', { name: 'JSON Template', hidden: true })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('option', { name: 'JSON Template', hidden: true })).not.toBeInTheDocument(),
    );
    expect(onHide).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('typed by the user');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(onHide).toHaveBeenCalledTimes(1));
  });

  it('gives focus back to the control that opened it when it closes with Escape', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Add sub-model' });
    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Add Sub-model' });
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('names its maximize button, and says "Restore size" once maximized', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Add sub-model' }));
    await user.click(await screen.findByRole('button', { name: MAXIMIZE_LABELS.maximize }));
    expect(await screen.findByRole('button', { name: MAXIMIZE_LABELS.restore })).toBeInTheDocument();
  });
});
