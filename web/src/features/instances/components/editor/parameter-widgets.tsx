import { kindOf } from '@shared/sub-models/converters';
import type { FileValue, RangeValue, ValueIssue } from '@shared/sub-models/instance-values';
import type { DefinitionOf, ParameterDefinition } from '@shared/sub-models/parameter-definition';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { RadioButton } from 'primereact/radiobutton';
import { useId } from 'react';
import { ParameterFileWidget } from './parameter-file-widget';
import { ScalarInput, scalarProblem } from './scalar-input';

/**
 * The parameters editor's widgets (spec 001 §2): an editable and a read-only widget for each of the
 * 13 parameter types. Values have the shapes of shared/sub-models/instance-values.ts; every widget
 * hands on the whole value of its parameter.
 */

export interface FileUploadContext {
  uuid: string;
  instanceId: string;
}

export interface WidgetProps<T extends ParameterDefinition = ParameterDefinition> {
  definition: T;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Its Enable/Disable control (or the instance's state) does not let the user change it now. */
  disabled: boolean;
  /** The id of the widget's first input, which the parameter's <label> names. */
  inputId: string;
  /** The question (and problems) the inputs are described by. */
  describedBy: string | undefined;
  invalid: boolean;
  issues: readonly ValueIssue[];
  upload: FileUploadContext;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
const issueAt = (issues: readonly ValueIssue[], path: string) => issues.find((i) => i.path === path)?.message;

// ---------- editable widgets ----------

function ScalarWidget({ definition, value, onChange, disabled, inputId, describedBy, invalid }: WidgetProps) {
  const kind = kindOf(definition.type) ?? 'string';
  const bounds = 'min' in definition ? definition : undefined;
  return (
    <ScalarInput
      id={inputId}
      kind={kind}
      value={value}
      onChange={onChange}
      disabled={disabled}
      describedBy={describedBy}
      invalid={invalid}
      min={bounds?.min}
      max={bounds?.max}
      maxLength={definition.type === 'STRING' ? definition.length : undefined}
    />
  );
}

function BooleanWidget({ value, onChange, disabled, inputId, describedBy }: WidgetProps) {
  return (
    <span className="mr-param__check">
      <Checkbox
        inputId={inputId}
        checked={value === true}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(e) => onChange(Boolean(e.checked))}
      />
      <span aria-hidden="true">{value === true ? 'Yes' : 'No'}</span>
    </span>
  );
}

function SingleSelectWidget({
  definition,
  value,
  onChange,
  disabled,
  inputId,
  describedBy,
  invalid,
}: WidgetProps<DefinitionOf<'SINGLE_SELECT'>>) {
  return (
    <Dropdown
      inputId={inputId}
      value={value ?? null}
      options={definition.options.map((o) => ({ label: o.text, value: o.key }))}
      onChange={(e) => onChange(e.value ?? null)}
      disabled={disabled}
      showClear={!definition.required}
      placeholder="Select an option"
      invalid={invalid}
      aria-describedby={describedBy}
      className="mr-param__input"
    />
  );
}

function MultiSelectWidget({
  definition,
  value,
  onChange,
  disabled,
  inputId,
  describedBy,
}: WidgetProps<DefinitionOf<'MULTI_SELECT'>>) {
  const chosen = Array.isArray(value) ? value : [];
  return (
    <ul className="mr-param__options" aria-describedby={describedBy}>
      {definition.options.map((option, i) => {
        const id = i === 0 ? inputId : `${inputId}-${i}`;
        return (
          <li key={option.key}>
            <Checkbox
              inputId={id}
              checked={chosen.includes(option.key)}
              disabled={disabled}
              onChange={(e) =>
                onChange(
                  e.checked
                    ? definition.options
                        .filter((o) => o.key === option.key || chosen.includes(o.key))
                        .map((o) => o.key)
                    : chosen.filter((k) => k !== option.key),
                )
              }
            />
            <label htmlFor={id}>{option.text}</label>
          </li>
        );
      })}
    </ul>
  );
}

function RangeWidget({
  definition,
  value,
  onChange,
  disabled,
  inputId,
  describedBy,
  issues,
}: WidgetProps<DefinitionOf<'RANGE'>>) {
  const range: RangeValue = isObject(value)
    ? { from: (value.from as RangeValue['from']) ?? null, to: (value.to as RangeValue['to']) ?? null }
    : { from: null, to: null };
  const kind = kindOf(definition.dataType) ?? 'integer';
  const ends = [
    ['from', 'From', definition.from],
    ['to', 'To', definition.to],
  ] as const;
  return (
    <div className="mr-param__range">
      {ends.map(([end, label, bounds]) => {
        const id = end === 'from' ? inputId : `${inputId}-to`;
        const problem = issueAt(issues, `${definition.name}.${end}`) ?? scalarProblem(kind, range[end]);
        return (
          <span key={end} className="mr-param__range-end">
            <label htmlFor={id}>{label}</label>
            <ScalarInput
              id={id}
              kind={kind}
              value={range[end]}
              onChange={(v) => onChange({ ...range, [end]: v })}
              disabled={disabled}
              describedBy={describedBy}
              invalid={Boolean(problem)}
              min={bounds.min}
              max={bounds.max}
            />
            {problem && <small className="mr-error-text">{problem}</small>}
          </span>
        );
      })}
    </div>
  );
}

function ArrayWidget({
  definition,
  value,
  onChange,
  disabled,
  inputId,
  describedBy,
  issues,
}: WidgetProps<DefinitionOf<'ARRAY'>>) {
  const rows = definition.rows.map((_, r) => {
    const row = Array.isArray(value) && Array.isArray(value[r]) ? (value[r] as unknown[]) : [];
    return definition.columns.map((_, c) => row[c] ?? null);
  });
  const setCell = (r: number, c: number, cell: unknown) =>
    onChange(rows.map((row, ri) => (ri === r ? row.map((old, ci) => (ci === c ? cell : old)) : row)));
  return (
    <table className="mr-param__table" aria-describedby={describedBy}>
      <caption className="mr-visually-hidden">{definition.title}</caption>
      <thead>
        <tr>
          <th scope="col">{definition.rowDescription ?? ''}</th>
          {definition.columns.map((column) => (
            <th key={column.text} scope="col">
              {column.text}
              {column.required ? ' *' : ''}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {definition.rows.map((row, r) => (
          <tr key={row.text}>
            <th scope="row">{row.text}</th>
            {definition.columns.map((column, c) => {
              const kind = kindOf(column.dataType) ?? 'string';
              const cell = rows[r]?.[c];
              const problem = issueAt(issues, `${definition.name}.${r}.${c}`) ?? scalarProblem(kind, cell);
              return (
                <td key={column.text}>
                  <ScalarInput
                    id={r === 0 && c === 0 ? inputId : undefined}
                    kind={kind}
                    value={cell}
                    onChange={(v) => setCell(r, c, v)}
                    disabled={disabled}
                    ariaLabel={`${column.text}, ${row.text}`}
                    invalid={Boolean(problem)}
                    min={column.min}
                    max={column.max}
                    maxLength={column.dataType === 'STRING' ? column.length : undefined}
                  />
                  {problem && <small className="mr-error-text">{problem}</small>}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SelectorWidget({
  definition,
  value,
  onChange,
  disabled,
  inputId,
  describedBy,
}: WidgetProps<DefinitionOf<'SELECTOR'>>) {
  const name = useId();
  return (
    <table className="mr-param__table" aria-describedby={describedBy}>
      <caption className="mr-visually-hidden">{definition.title}</caption>
      <thead>
        <tr>
          <td />
          {definition.columns.map((column, c) => {
            const id = c === 0 ? inputId : `${inputId}-${c}`;
            return (
              <th key={column.key} scope="col">
                <span className="mr-param__check">
                  <RadioButton
                    inputId={id}
                    name={name}
                    value={column.key}
                    checked={value === column.key}
                    disabled={disabled}
                    onChange={() => onChange(column.key)}
                  />
                  <label htmlFor={id}>{column.text}</label>
                </span>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {definition.rows.map((row, r) => (
          <tr key={row.text}>
            <th scope="row">{row.text}</th>
            {definition.columns.map((column) => (
              <td key={column.key}>{column.cellText[r] ?? ''}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FileWidget(props: WidgetProps<DefinitionOf<'FILE'>>) {
  return <ParameterFileWidget {...props} />;
}

/** The editable widget of a parameter's type. LABEL is a heading and has none (see ParameterField). */
export function EditableWidget(props: WidgetProps) {
  const { definition } = props;
  switch (definition.type) {
    case 'STRING':
    case 'INTEGER':
    case 'REAL_NUMBER':
    case 'DECIMAL':
    case 'DATE':
      return <ScalarWidget {...props} />;
    case 'BOOLEAN':
      return <BooleanWidget {...props} />;
    case 'SINGLE_SELECT':
      return <SingleSelectWidget {...props} definition={definition} />;
    case 'MULTI_SELECT':
      return <MultiSelectWidget {...props} definition={definition} />;
    case 'RANGE':
      return <RangeWidget {...props} definition={definition} />;
    case 'ARRAY':
      return <ArrayWidget {...props} definition={definition} />;
    case 'SELECTOR':
      return <SelectorWidget {...props} definition={definition} />;
    case 'FILE':
      return <FileWidget {...props} definition={definition} />;
    case 'LABEL':
      return null;
  }
}

// ---------- read-only widgets ----------

/** The read-only widget of a parameter's type: its value as text or a table. */
export function ReadOnlyWidget({ definition, value }: { definition: ParameterDefinition; value: unknown }) {
  switch (definition.type) {
    case 'STRING':
    case 'INTEGER':
    case 'REAL_NUMBER':
    case 'DECIMAL':
    case 'DATE':
      return <span className="mr-param__value">{text(value)}</span>;
    case 'BOOLEAN':
      return <span className="mr-param__value">{value === true ? 'Yes' : value === false ? 'No' : '—'}</span>;
    case 'SINGLE_SELECT':
      return (
        <span className="mr-param__value">
          {text(definition.options.find((o) => o.key === value)?.text ?? value)}
        </span>
      );
    case 'MULTI_SELECT': {
      const keys = Array.isArray(value) ? value : [];
      const texts = definition.options.filter((o) => keys.includes(o.key)).map((o) => o.text);
      return <span className="mr-param__value">{texts.length > 0 ? texts.join(', ') : '—'}</span>;
    }
    case 'RANGE': {
      const range = isObject(value) ? value : {};
      return (
        <span className="mr-param__value">
          {text(range.from)} to {text(range.to)}
        </span>
      );
    }
    case 'ARRAY':
      return (
        <table className="mr-param__table">
          <caption className="mr-visually-hidden">{definition.title}</caption>
          <thead>
            <tr>
              <th scope="col">{definition.rowDescription ?? ''}</th>
              {definition.columns.map((c) => (
                <th key={c.text} scope="col">
                  {c.text}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {definition.rows.map((row, r) => {
              const cells = Array.isArray(value) && Array.isArray(value[r]) ? (value[r] as unknown[]) : [];
              return (
                <tr key={row.text}>
                  <th scope="row">{row.text}</th>
                  {definition.columns.map((c, ci) => (
                    <td key={c.text}>{text(cells[ci])}</td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      );
    case 'SELECTOR': {
      const chosen = definition.columns.find((c) => c.key === value);
      return <span className="mr-param__value">{chosen ? chosen.text : '—'}</span>;
    }
    case 'FILE': {
      const file = isObject(value) ? (value as Partial<FileValue>) : undefined;
      return (
        <span className="mr-param__value">
          {file?.name ? (
            <>
              <i className="pi pi-file" aria-hidden="true" /> {file.name}
            </>
          ) : (
            '—'
          )}
        </span>
      );
    }
    case 'LABEL':
      return null;
  }
}
