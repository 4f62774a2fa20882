import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileDropZone, type FileDropZoneProps } from './file-drop-zone';

const TEST_IDS = { zone: 'zone', files: 'files', folder: 'folder' };
const csv = (name: string) => new File(['a,b'], name, { type: 'text/csv' });

const renderZone = (props: Partial<FileDropZoneProps> = {}) => {
  const onFiles = vi.fn();
  render(
    <FileDropZone
      busy={false}
      prompt="Drop files or folders here, or"
      hint="At most 90 new files per save."
      testIds={TEST_IDS}
      onFiles={onFiles}
      {...props}
    />,
  );
  return onFiles;
};

describe('FileDropZone', () => {
  it('is a named group whose buttons open the pickers from the keyboard', async () => {
    renderZone();
    const group = screen.getByRole('group', { name: 'Add files' });
    expect(group).toHaveAccessibleDescription('At most 90 new files per save.');
    const filesClick = vi.spyOn(screen.getByTestId('files'), 'click');
    const folderClick = vi.spyOn(screen.getByTestId('folder'), 'click');

    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Select files' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(filesClick).toHaveBeenCalledOnce();

    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Select folder' })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(folderClick).toHaveBeenCalledOnce();
  });

  it('hands picked files and folders over below the target folder', async () => {
    const onFiles = renderZone({ target: 'data' });
    const file = csv('prices.csv');
    await userEvent.upload(screen.getByTestId('files'), [file]);
    expect(onFiles).toHaveBeenLastCalledWith([{ file, path: 'data' }]);

    const inFolder = csv('base.csv');
    Object.defineProperty(inFolder, 'webkitRelativePath', { value: 'inputs/2024/base.csv' });
    await userEvent.upload(screen.getByTestId('folder'), [inFolder]);
    expect(onFiles).toHaveBeenLastCalledWith([{ file: inFolder, path: 'data/inputs/2024' }]);
  });

  it('takes dropped files', async () => {
    const onFiles = renderZone();
    const file = csv('a.csv');
    fireEvent.drop(screen.getByTestId('zone'), { dataTransfer: { files: [file], items: [] } });
    await waitFor(() => expect(onFiles).toHaveBeenCalledWith([{ file, path: '' }]));
  });

  it('ignores drops while busy and disables the pickers when busy or full', async () => {
    const onFiles = renderZone({ busy: true });
    fireEvent.drop(screen.getByTestId('zone'), { dataTransfer: { files: [csv('a.csv')], items: [] } });
    expect(screen.getByRole('button', { name: 'Select files' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Select folder' })).toBeDisabled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('still takes a drop when full, so a file can replace its earlier pick', async () => {
    const onFiles = renderZone({ full: true });
    expect(screen.getByRole('button', { name: 'Select files' })).toBeDisabled();
    fireEvent.drop(screen.getByTestId('zone'), { dataTransfer: { files: [csv('a.csv')], items: [] } });
    await waitFor(() => expect(onFiles).toHaveBeenCalledOnce());
  });
});
