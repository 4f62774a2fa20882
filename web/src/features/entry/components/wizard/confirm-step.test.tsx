import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NameCollisionDialog } from './confirm-step';

const TOO_LONG = 'The suffix is too long, maximum length is 200 characters.';

describe("NameCollisionDialog (000 §2 'Model entry's name collision', §5 suffix at most 200)", () => {
  const open = () => {
    const onUpdate = vi.fn();
    render(
      <NameCollisionDialog
        name="Oncology - Melanoma - Tumivex"
        suffix=""
        problems={[]}
        onUpdate={onUpdate}
        onHide={vi.fn()}
      />,
    );
    return {
      onUpdate,
      box: screen.getByLabelText('Suffix'),
      update: screen.getByRole('button', { name: 'Update suffix' }),
    };
  };

  it('refuses a suffix of 210 characters with the limit in words, and keeps Update suffix disabled', () => {
    const { onUpdate, box, update } = open();
    fireEvent.change(box, { target: { value: 'x'.repeat(210) } });
    expect(screen.getByRole('alert')).toHaveTextContent(TOO_LONG);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('210/200')).toBeInTheDocument();
    expect(update).toBeDisabled();
    fireEvent.click(update);
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it('refuses a suffix with a right-to-left override in words, as the server does', () => {
    const { onUpdate, box, update } = open();
    fireEvent.change(box, { target: { value: 'EU\u202Eexe.pdf' } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Suffix must not contain bidirectional control characters (U+202A–U+202E, U+2066–U+2069)',
    );
    expect(update).toBeDisabled();
    fireEvent.click(update);
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it('takes a suffix of exactly 200 characters', async () => {
    const { onUpdate, box, update } = open();
    fireEvent.change(box, { target: { value: 'y'.repeat(200) } });
    expect(screen.queryByText(TOO_LONG)).not.toBeInTheDocument();
    expect(update).toBeEnabled();
    await userEvent.click(update);
    expect(onUpdate).toHaveBeenCalledWith('y'.repeat(200));
  });
});
