import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useReducer } from 'react';
import { describe, expect, it } from 'vitest';
import { fileListReducer } from './file-list';
import { FilesStep } from './files-step';

function Harness() {
  const [files, dispatch] = useReducer(fileListReducer, []);
  return <FilesStep files={files} dispatch={dispatch} knownTags={['Model', 'Report']} busy={false} />;
}

const pickFiles = async (...names: string[]) => {
  await userEvent.upload(
    screen.getByTestId('file-input'),
    names.map((n) => new File(['data'], n)),
  );
};

describe('wizard files step', () => {
  it('lists picked files and deletes one', async () => {
    render(<Harness />);
    await pickFiles('model.xlsx', 'report.pdf');
    expect(screen.getByText('model.xlsx')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete report.pdf' }));
    expect(screen.queryByText('report.pdf')).not.toBeInTheDocument();
    expect(screen.getByText('model.xlsx')).toBeInTheDocument();
  });

  it('asks before deleting the main model file', async () => {
    render(<Harness />);
    await pickFiles('model.xlsx', 'report.pdf');
    await userEvent.click(screen.getByRole('checkbox', { name: 'model.xlsx is the main model file' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete model.xlsx' }));
    expect(
      await screen.findByText('model.xlsx is a main model file. Are you sure you want to delete it?'),
    ).toBeInTheDocument();
    expect(screen.getByText('model.xlsx', { selector: 'td' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.queryByText('model.xlsx', { selector: 'td' })).not.toBeInTheDocument();
  });

  it('shows the file-type chooser only when more than one file is selected', async () => {
    render(<Harness />);
    await pickFiles('a.xlsx', 'b.pdf', 'c.docx');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select a.xlsx' }));
    expect(screen.queryByLabelText('File type for the selected files')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select b.pdf' }));
    const chooser = screen.getByLabelText('File type for the selected files');
    await userEvent.type(chooser, 'Mod-1x');
    expect(chooser).toHaveValue('Modx');
    const bar = screen.getByRole('region', { name: 'Selected files' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Modx (Create New)' }));
    expect(screen.getByRole('textbox', { name: 'File type of a.xlsx' })).toHaveValue('Modx');
    expect(screen.getByRole('textbox', { name: 'File type of b.pdf' })).toHaveValue('Modx');
    expect(screen.getByRole('textbox', { name: 'File type of c.docx' })).toHaveValue('');
  });
});
