import { type InstanceValues, validateInstanceValues } from '@shared/sub-models/instance-values';
import type { ParameterDefinition } from '@shared/sub-models/parameter-definition';
import { sampleDefinition, sampleTemplate, sampleValues } from '@shared/sub-models/sample-template';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ParametersForm } from './parameters-form';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const UPLOAD = { uuid: 'u', instanceId: 'i' };

/** The form with its values held as the editor holds them; `seen` receives every new value set. */
function Harness({
  definitions,
  initial,
  userLevel = 500,
  readOnly = false,
  seen,
}: {
  definitions: ParameterDefinition[];
  initial: InstanceValues;
  userLevel?: number;
  readOnly?: boolean;
  seen?: (values: InstanceValues) => void;
}) {
  const [values, setValues] = useState(initial);
  return (
    <ParametersForm
      definitions={definitions}
      values={values}
      userLevel={userLevel}
      readOnly={readOnly}
      issues={validateInstanceValues(definitions, values, userLevel)}
      onChange={(name, value) =>
        setValues((old) => {
          const next = { ...old, [name]: value };
          seen?.(next);
          return next;
        })
      }
      upload={UPLOAD}
    />
  );
}

const { definitions } = sampleTemplate();
const values = sampleValues(definitions);
const param = (n: number) => `Parameter ${n}`;
const groupOf = (n: number) => screen.getByRole('group', { name: param(n) });

describe('editable widgets, one per parameter type (spec 001 §2)', { timeout: 30_000 }, () => {
  it('renders a widget for each of the 13 types with the stored values', () => {
    render(<Harness definitions={definitions} initial={values} />);
    // STRING, INTEGER, REAL_NUMBER, DECIMAL: text boxes named by the title, described by the question.
    expect(screen.getByRole('textbox', { name: param(1) })).toHaveValue('hello');
    expect(screen.getByRole('textbox', { name: param(1) })).toHaveAccessibleDescription(
      'What is parameter 1?',
    );
    expect(screen.getByRole('textbox', { name: param(3) })).toHaveValue('42');
    expect(screen.getByRole('textbox', { name: param(4) })).toHaveValue('0.25');
    expect(screen.getByRole('textbox', { name: param(5) })).toHaveValue('2.5');
    // BOOLEAN
    expect(screen.getByRole('checkbox', { name: param(2) })).not.toBeChecked();
    // DATE: a date input with the bounds
    const date = screen.getByLabelText(param(6));
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toHaveValue('2026-01-15');
    expect(date).toHaveAttribute('min', '2020-01-01');
    // SINGLE_SELECT: a drop-down showing the chosen option's text
    expect(screen.getByLabelText(param(7)).closest('.p-dropdown')).toHaveTextContent('Arm B');
    // MULTI_SELECT: one check box per option
    const multi = groupOf(8);
    expect(within(multi).getByRole('checkbox', { name: 'X' })).toBeChecked();
    expect(within(multi).getByRole('checkbox', { name: 'Y' })).not.toBeChecked();
    expect(within(multi).getByRole('checkbox', { name: 'Z' })).toBeChecked();
    // ARRAY: a table of cells by row and column
    const array = within(groupOf(9)).getByRole('table');
    expect(within(array).getByRole('textbox', { name: 'Rate, 18-64' })).toHaveValue('0.25');
    expect(within(array).getByRole('textbox', { name: 'Note, 65+' })).toHaveValue('elderly');
    // RANGE: From and To
    expect(within(groupOf(10)).getByRole('textbox', { name: 'From' })).toHaveValue('5');
    expect(within(groupOf(10)).getByRole('textbox', { name: 'To' })).toHaveValue('70');
    // SELECTOR: one radio button per column, the cell texts in the rows
    expect(within(groupOf(11)).getByRole('radio', { name: 'High' })).toBeChecked();
    expect(within(groupOf(11)).getByRole('cell', { name: '900' })).toBeInTheDocument();
    // LABEL: a heading
    expect(screen.getByRole('heading', { name: 'Section heading' })).toBeInTheDocument();
    // FILE: the uploaded file's name and a file input
    expect(screen.getByText('inputs.csv')).toBeInTheDocument();
    expect(screen.getByLabelText(param(13))).toHaveAttribute('type', 'file');
  });

  it('groups the parameters under their category', () => {
    render(<Harness definitions={definitions} initial={values} />);
    expect(screen.getByRole('group', { name: 'Demographics' })).toBeInTheDocument();
  });

  it('hands on typed numbers converted, and shows the converter message for text that is none', async () => {
    const seen = vi.fn();
    render(<Harness definitions={definitions} initial={values} seen={seen} />);
    const user = userEvent.setup();
    const integer = screen.getByRole('textbox', { name: param(3) });
    await user.clear(integer);
    await user.type(integer, '77');
    expect(seen).toHaveBeenLastCalledWith(expect.objectContaining({ param_3: 77 }));
    await user.type(integer, 'x');
    expect(seen).toHaveBeenLastCalledWith(expect.objectContaining({ param_3: '77x' }));
    expect(screen.getByText('Failed to parse integer from 77x')).toBeInTheDocument();
    expect(integer).toHaveAttribute('aria-invalid', 'true');
  });

  it('changes booleans, options, ranges, array cells and the selector', async () => {
    const seen = vi.fn();
    render(<Harness definitions={definitions} initial={values} seen={seen} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: param(2) }));
    expect(seen).toHaveBeenLastCalledWith(expect.objectContaining({ param_2: true }));
    await user.click(within(groupOf(8)).getByRole('checkbox', { name: 'Y' }));
    expect(seen).toHaveBeenLastCalledWith(expect.objectContaining({ param_8: ['x', 'y', 'z'] }));
    const to = within(groupOf(10)).getByRole('textbox', { name: 'To' });
    await user.clear(to);
    await user.type(to, '3');
    expect(seen).toHaveBeenLastCalledWith(expect.objectContaining({ param_10: { from: 5, to: 3 } }));
    // A range's 'to' must be at least its 'from' (§5).
    expect(
      screen.getByText('Parameter 10 To must be equal or greater then Parameter 10 From'),
    ).toBeInTheDocument();
    const cell = within(groupOf(9)).getByRole('textbox', { name: 'Rate, 0-17' });
    await user.clear(cell);
    await user.type(cell, '0.5');
    expect(seen).toHaveBeenLastCalledWith(
      expect.objectContaining({
        param_9: [
          [0.5, 'children'],
          [0.25, ''],
          [0.35, 'elderly'],
        ],
      }),
    );
    await user.click(within(groupOf(11)).getByRole('radio', { name: 'Low' }));
    expect(seen).toHaveBeenLastCalledWith(expect.objectContaining({ param_11: 'low' }));
  });

  it('shows the run-time rules at the field: required, too long, min and max', () => {
    const defs: ParameterDefinition[] = [
      { ...sampleDefinition('STRING', 1), required: true, length: 3 } as ParameterDefinition,
      { ...sampleDefinition('INTEGER', 2) },
      { ...sampleDefinition('DECIMAL', 3), required: true },
    ];
    render(<Harness definitions={defs} initial={{ param_1: 'long', param_2: 101, param_3: null }} />);
    expect(screen.getByText('Parameter 1 is too long')).toBeInTheDocument();
    expect(screen.getByText('Parameter 2 must be equal or smaller then 100')).toBeInTheDocument();
    expect(screen.getByText('Parameter 3 is required')).toBeInTheDocument();
  });
});

describe('read-only widgets', () => {
  it('show every value as text or a table, without inputs', () => {
    render(<Harness definitions={definitions} initial={values} readOnly />);
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    for (const text of [
      'hello',
      'No',
      '42',
      '2.5',
      '2026-01-15',
      'Arm B',
      'X, Z',
      '5 to 70',
      'High',
      'inputs.csv',
    ])
      expect(screen.getByText(text)).toBeInTheDocument();
    // The real number, and an array cell.
    expect(screen.getAllByText('0.25')).toHaveLength(2);
    expect(screen.getByRole('cell', { name: 'elderly' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Section heading' })).toBeInTheDocument();
  });
});

describe('who sees which parameter (spec 001 §5, §6)', { timeout: 30_000 }, () => {
  const basic = { ...sampleDefinition('STRING', 1), title: 'Basic parameter', expertiseLevel: 250 as const };
  const expert = {
    ...sampleDefinition('STRING', 2),
    title: 'Expert parameter',
    expertiseLevel: 1000 as const,
  };

  it('hides parameters above the user’s expertise level', () => {
    const { unmount } = render(<Harness definitions={[basic, expert]} initial={{}} userLevel={250} />);
    expect(screen.getByRole('textbox', { name: 'Basic parameter' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Expert parameter' })).not.toBeInTheDocument();
    unmount();
    render(<Harness definitions={[basic, expert]} initial={{}} userLevel={1000} />);
    expect(screen.getByRole('textbox', { name: 'Expert parameter' })).toBeInTheDocument();
  });

  it('shows a Hide/Show parameter only while its controller has the value, and disables an Enable/Disable one', async () => {
    const controller = {
      ...sampleDefinition('BOOLEAN', 1),
      title: 'Use costs',
      defaultValue: false,
    } as ParameterDefinition;
    const shown = {
      ...sampleDefinition('INTEGER', 2),
      title: 'Cost',
      controlType: 'HIDE_SHOW' as const,
      controlledBy: { id: 'p1', value: true },
    };
    const enabled = {
      ...sampleDefinition('STRING', 3),
      title: 'Currency',
      controlType: 'ENABLE_DISABLE' as const,
      controlledBy: { id: 'p1', value: true },
    };
    render(<Harness definitions={[controller, shown, enabled]} initial={{ param_1: false }} />);
    expect(screen.queryByRole('textbox', { name: 'Cost' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Currency' })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Use costs' }));
    expect(screen.getByRole('textbox', { name: 'Cost' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Currency' })).toBeEnabled();
  });
});
