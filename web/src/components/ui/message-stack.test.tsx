import { act, render, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearMessages, notify } from '../../lib/message-stack';
import { MessageStack } from './message-stack';

function Page({ dialogs }: { dialogs: string[] }) {
  const [open, setOpen] = useState(dialogs);
  return (
    <>
      <MessageStack />
      {open.map((name) => (
        <Dialog key={name} header={name} visible onHide={() => setOpen((o) => o.filter((n) => n !== name))}>
          <p>{name} content</p>
        </Dialog>
      ))}
    </>
  );
}

describe('MessageStack and dialogs', () => {
  afterEach(() => clearMessages());

  it('shows messages in the page when no dialog is open', () => {
    render(<Page dialogs={[]} />);
    act(() => {
      notify.success('Model has been published.');
    });
    expect(screen.getByRole('region', { name: 'Messages' })).toHaveTextContent('Model has been published.');
  });

  it('shows messages inside the top dialog, below its header, and back in the page once it closes', async () => {
    render(<Page dialogs={['Files', 'Manage File Access']} />);
    const files = await screen.findByRole('dialog', { name: 'Files' });
    const manage = await screen.findByRole('dialog', { name: 'Manage File Access' });
    act(() => {
      notify.success('File Access has been granted');
    });
    const message = await within(manage).findByText('File Access has been granted');
    expect(within(files).queryByText('File Access has been granted')).toBeNull();
    // Not in the header, where the close button is, and not laid over the content: in a band of the
    // dialog's flow between header and content, which moves the content down (issue 21 §3, §15).
    const header = manage.querySelector('.p-dialog-header');
    expect(header).not.toContainElement(message);
    const band = message.closest('.mr-dialog-message-band') as HTMLElement;
    expect(band.previousElementSibling).toBe(header);
    expect(band.nextElementSibling).toHaveClass('p-dialog-content');
    expect(getComputedStyle(band).position).not.toBe('absolute');
    // The dismiss button is reachable inside the modal.
    expect(within(manage).getByRole('button', { name: 'Dismiss message' })).toBeInTheDocument();

    await act(async () => {
      within(manage).getByRole('button', { name: 'Close' }).click();
    });
    await waitFor(() => expect(within(files).getByText('File Access has been granted')).toBeInTheDocument(), {
      timeout: 3000,
    });
  });

  it('follows a dialog that replaces another in one step (Files, then Notify Model Users ?)', async () => {
    function Swap() {
      const [step, setStep] = useState<'files' | 'notify'>('files');
      return (
        <>
          <MessageStack />
          {step === 'files' ? (
            <Dialog header="Files" visible onHide={() => undefined}>
              <button type="button" onClick={() => setStep('notify')}>
                Save
              </button>
            </Dialog>
          ) : (
            <Dialog header="Notify Model Users ?" visible onHide={() => undefined}>
              <p>Note</p>
            </Dialog>
          )}
        </>
      );
    }
    render(<Swap />);
    const files = await screen.findByRole('dialog', { name: 'Files' });
    act(() => {
      notify.success('Files have been updated');
      within(files).getByRole('button', { name: 'Save' }).click();
    });
    const prompt = await screen.findByRole('dialog', { name: 'Notify Model Users ?' });
    await waitFor(() => expect(within(prompt).getByText('Files have been updated')).toBeInTheDocument());
  });
});
