import type { ModelMetadata } from '@shared/schemas/model';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { optionLists } from '../../../../testing/model-detail-fixtures';
import { MetadataForm } from './metadata-form';
import { metadataErrors } from './metadata-rules';

function Harness({
  initial,
  showErrors = true,
  changelogChoices,
  onValue,
}: {
  initial: ModelMetadata;
  showErrors?: boolean;
  changelogChoices?: { uuid: string; name: string }[];
  onValue?: (value: ModelMetadata) => void;
}) {
  const [value, setValue] = useState<ModelMetadata>(initial);
  return (
    <MetadataForm
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
      options={optionLists}
      errors={metadataErrors(value, optionLists)}
      showErrors={showErrors}
      changelogChoices={changelogChoices}
    />
  );
}

// Many PrimeReact inputs: role queries are slow in jsdom on a small machine.
describe('MetadataForm', { timeout: 30_000 }, () => {
  it('has the seven sections of the spec', () => {
    const { container } = render(<Harness initial={{}} />);
    expect([...container.querySelectorAll('fieldset > legend')].map((l) => l.textContent)).toEqual([
      'Model Identification',
      'Country Association',
      'Documentation',
      'Usage',
      'Stage',
      'THEOREM Oncology Model Details',
      'Version Control',
    ]);
  });

  it('shows each error next to its field', () => {
    render(<Harness initial={{ version_release_of_model: 'v1' }} />);
    const disease = screen.getByRole('group', { name: 'Model Identification' });
    expect(within(disease).getAllByText('This field is required.').length).toBeGreaterThan(3);
    const version = screen.getByLabelText('Version Release of Model *');
    expect(version).toHaveAccessibleDescription('Version must match number format like "1" or "1.1"');
  });

  it('shows the API schema message for a javascript: link under External URL', async () => {
    render(<Harness initial={{}} />);
    const url = screen.getByLabelText('External URL');
    await userEvent.type(url, 'javascript:alert(1)');
    expect(url).toHaveAccessibleDescription('External URL must be a link starting with http:// or https://');
    await userEvent.clear(url);
    await userEvent.type(url, 'https://example.com');
    expect(url).not.toHaveAccessibleDescription(/must be a link/);
  });

  it("chooses the changelog among the entry's files (issue 21 §19), and has no such field without them", async () => {
    let last: ModelMetadata = {};
    const { unmount } = render(
      <Harness
        initial={{}}
        changelogChoices={[
          { uuid: 'f-1', name: 'model.xlsx' },
          { uuid: 'f-2', name: 'docs/CHANGELOG.md' },
        ]}
        onValue={(v) => {
          last = v;
        }}
      />,
    );
    const field = screen.getByLabelText('Changelog File');
    await userEvent.click(field.closest('.p-dropdown') as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'docs/CHANGELOG.md', hidden: true }));
    expect(last.changelog_file).toBe('f-2');
    unmount();
    render(<Harness initial={{}} />);
    expect(screen.queryByLabelText('Changelog File')).toBeNull();
  });

  it('hides errors until asked', () => {
    render(<Harness initial={{}} showErrors={false} />);
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
  });

  it('recommends VEAP ID or REV/OPS ID until one is filled', async () => {
    render(<Harness initial={{}} />);
    expect(screen.getAllByText('We strongly recommend to fill in VEAP ID or REV/OPS ID')).toHaveLength(2);
    await userEvent.type(screen.getByLabelText('REV/OPS ID'), 'R-1');
    expect(
      screen.queryByText('We strongly recommend to fill in VEAP ID or REV/OPS ID'),
    ).not.toBeInTheDocument();
  });

  it('explains the country/global coupling and drops the country requirement for global models', async () => {
    render(<Harness initial={{}} />);
    expect(screen.getByText('Choosing a country turns global off')).toBeInTheDocument();
    expect(screen.getByText('Country *')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Global'));
    expect(screen.queryByText('Country *')).not.toBeInTheDocument();
    expect(screen.queryByText('Choosing a country turns global off')).not.toBeInTheDocument();
  });
});
