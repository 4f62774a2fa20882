import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fileTypeChoices } from '../../../../lib/new-files';
import { blocksKey, FileTypeInput } from './file-type-input';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <FileTypeInput
        label="File type of model.xlsx"
        value={value}
        onChange={setValue}
        known={['Model', 'Report']}
      />
      <output aria-label="chosen">{value}</output>
    </>
  );
}

describe('file type tag (000 §5)', { timeout: 20_000 }, () => {
  it('offers known types containing the text and the typed value as a new type', () => {
    expect(fileTypeChoices(['Report', 'Model', 'Data'], 're')).toEqual({
      matches: ['Report'],
      createNew: 're',
    });
    expect(fileTypeChoices(['Report'], 'report')).toEqual({ matches: ['Report'], createNew: undefined });
    expect(fileTypeChoices(['Report'], '')).toEqual({ matches: ['Report'], createNew: undefined });
  });

  it('blocks every key but letters, and lets editing keys pass', () => {
    expect(blocksKey({ key: '1', ctrlKey: false, metaKey: false, altKey: false })).toBe(true);
    expect(blocksKey({ key: ' ', ctrlKey: false, metaKey: false, altKey: false })).toBe(true);
    expect(blocksKey({ key: 'x', ctrlKey: false, metaKey: false, altKey: false })).toBe(false);
    expect(blocksKey({ key: 'Backspace', ctrlKey: false, metaKey: false, altKey: false })).toBe(false);
    expect(blocksKey({ key: 'v', ctrlKey: true, metaKey: false, altKey: false })).toBe(false);
  });

  it('takes letters only as typed and pasted', async () => {
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'File type of model.xlsx' });
    expect(fireEvent.keyDown(box, { key: '7' })).toBe(false);
    await userEvent.type(box, 'Cost-1 Data');
    expect(box).toHaveValue('CostData');
    await userEvent.clear(box);
    await userEvent.click(box);
    await userEvent.paste('Q4 2024 results!');
    expect(box).toHaveValue('Qresults');
  });

  it('stops at 25 letters', async () => {
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'File type of model.xlsx' });
    await userEvent.type(box, 'a'.repeat(30));
    expect(box).toHaveValue('a'.repeat(25));
    fireEvent.change(box, { target: { value: 'b'.repeat(40) } });
    expect(screen.getByLabelText('chosen')).toHaveTextContent('b'.repeat(25));
  });

  it("shows '(Create New)' for a new type and picks a known one", async () => {
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'File type of model.xlsx' });
    await userEvent.type(box, 'Calib');
    expect(screen.getByRole('option', { name: 'Calib (Create New)' })).toBeInTheDocument();
    await userEvent.clear(box);
    await userEvent.type(box, 'rep');
    expect(screen.getByRole('option', { name: 'rep (Create New)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Report' }));
    expect(box).toHaveValue('Report');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // An existing type is not offered as new, whatever its case.
    await userEvent.clear(box);
    await userEvent.type(box, 'model');
    expect(screen.getByRole('option', { name: 'Model' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Create New/ })).not.toBeInTheDocument();
  });

  it('picks with the keyboard', async () => {
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'File type of model.xlsx' });
    await userEvent.type(box, 'o');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(box).toHaveValue('Report');
  });
});
