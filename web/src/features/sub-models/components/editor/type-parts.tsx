import { DESIGNED_MESSAGES, SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { FIELD_LABELS as L } from '@shared/sub-models/parameter-definition';
import {
  type ColumnDataType,
  ColumnDataTypeSchema,
  PARAMETER_TYPE_LABELS,
  type RangeDataType,
  RangeDataTypeSchema,
} from '@shared/sub-models/parameter-types';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { type ReactNode, useContext } from 'react';
import { GroupError } from '../form/field';
import { BoundField, CheckField, NumberField, ReadOnlyContext, SelectField, TextField } from './fields';
import {
  addColumn,
  addOption,
  addRow,
  type DraftBounds,
  type DraftColumn,
  type DraftParameter,
  patchAt,
  removeColumn,
  removeOption,
  removeRow,
  setColumnDataType,
  setRangeDataType,
  toggleOption,
} from './template-state';

export interface HelpFilesState {
  status: 'loading' | 'error' | 'ready';
  items: { uuid: string; name: string }[];
}

interface PartsProps {
  d: DraftParameter;
  /** 'definitions.3' */
  base: string;
  errors: ReadonlyMap<string, string>;
  helpFiles: HelpFilesState;
  onChange: (next: DraftParameter) => void;
}

const RANGE_TYPES = RangeDataTypeSchema.options.map((t) => ({ label: PARAMETER_TYPE_LABELS[t], value: t }));
const COLUMN_TYPES = ColumnDataTypeSchema.options.map((t) => ({ label: PARAMETER_TYPE_LABELS[t], value: t }));

/** The type-specific parts of a parameter (spec 001 §3) with the editor rules of §5. */
export function TypeParts(props: PartsProps) {
  const { d, base, errors, onChange } = props;
  const err = (field: string) => errors.get(`${base}.${field}`);
  const set = (patch: Partial<DraftParameter>) => onChange({ ...d, ...patch });
  switch (d.type) {
    case 'STRING':
      return (
        <div className="mr-parameter-form__grid">
          <NumberField
            label={L.length}
            value={d.length}
            error={err('length')}
            onChange={(length) => set({ length })}
          />
          <TextField
            label={L.defaultValue}
            value={typeof d.defaultValue === 'string' ? d.defaultValue : ''}
            error={err('defaultValue')}
            onChange={(defaultValue) => set({ defaultValue: defaultValue === '' ? undefined : defaultValue })}
          />
        </div>
      );
    case 'BOOLEAN':
      return (
        <CheckField
          label={L.defaultValue}
          checked={d.defaultValue === true}
          onChange={(defaultValue) => set({ defaultValue })}
        />
      );
    case 'INTEGER':
    case 'REAL_NUMBER':
    case 'DECIMAL':
    case 'DATE':
      return (
        <BoundsFields
          kind={d.type}
          bounds={{ min: d.min, max: d.max, defaultValue: d.defaultValue as DraftBounds['defaultValue'] }}
          errorOf={(f) => err(f)}
          onChange={(bounds) => set(bounds)}
        />
      );
    case 'SINGLE_SELECT':
    case 'MULTI_SELECT':
      return <OptionsPart {...props} />;
    case 'RANGE':
      return (
        <div className="mr-parameter-form__stack">
          <SelectField<RangeDataType>
            label={L.dataType}
            value={d.dataType}
            options={RANGE_TYPES}
            error={err('dataType')}
            onChange={(dataType) => dataType && onChange(setRangeDataType(d, dataType))}
          />
          {(['from', 'to'] as const).map((end) => (
            <fieldset key={end} className="mr-parameter-form__group">
              <legend>{end === 'from' ? 'From' : 'To'}</legend>
              <BoundsFields
                kind={d.dataType}
                prefix={end === 'from' ? 'From' : 'To'}
                bounds={d[end] ?? {}}
                errorOf={(f) => err(`${end}.${f}`)}
                onChange={(bounds) => set({ [end]: { ...d[end], ...bounds } })}
              />
            </fieldset>
          ))}
        </div>
      );
    case 'ARRAY':
      return (
        <div className="mr-parameter-form__stack">
          <TextField
            label="Row Description"
            value={d.rowDescription}
            onChange={(rowDescription) => set({ rowDescription })}
          />
          <RowsPart {...props} />
          <ArrayColumnsPart {...props} />
        </div>
      );
    case 'SELECTOR':
      return (
        <div className="mr-parameter-form__stack">
          <RowsPart {...props} />
          <SelectorColumnsPart {...props} />
        </div>
      );
    case 'LABEL':
      return (
        <TextField
          label={L.defaultValue}
          hint="The heading text"
          value={typeof d.defaultValue === 'string' ? d.defaultValue : ''}
          error={err('defaultValue')}
          onChange={(defaultValue) => set({ defaultValue: defaultValue === '' ? undefined : defaultValue })}
        />
      );
    case 'FILE':
      return <FilePart {...props} />;
    default:
      return <p className="mr-error-text">{SUB_MODEL_MESSAGES.formattingFailed}</p>;
  }
}

function BoundsFields({
  kind,
  prefix,
  bounds,
  errorOf,
  onChange,
}: {
  kind: string | undefined;
  prefix?: string;
  bounds: DraftBounds;
  errorOf: (field: 'min' | 'max' | 'defaultValue') => string | undefined;
  onChange: (bounds: DraftBounds) => void;
}) {
  const label = (l: string) => (prefix ? `${prefix} ${l}` : l);
  return (
    <div className="mr-parameter-form__grid">
      <BoundField
        kind={kind}
        label={label(L.min)}
        value={bounds.min}
        error={errorOf('min')}
        onChange={(min) => onChange({ ...bounds, min })}
      />
      <BoundField
        kind={kind}
        label={label(L.max)}
        value={bounds.max}
        error={errorOf('max')}
        onChange={(max) => onChange({ ...bounds, max })}
      />
      <BoundField
        kind={kind}
        label={label(L.defaultValue)}
        value={bounds.defaultValue}
        error={errorOf('defaultValue')}
        onChange={(defaultValue) => onChange({ ...bounds, defaultValue })}
      />
    </div>
  );
}

/** A titled list of the editor: 200 px high (§2), scrolling, with its add button and list problem. */
function EditorList({
  title,
  addLabel,
  onAdd,
  error,
  children,
}: {
  title: string;
  addLabel: string;
  onAdd: () => void;
  error: string | undefined;
  children: ReactNode;
}) {
  const readOnly = useContext(ReadOnlyContext);
  return (
    <section className="mr-editor-list" aria-label={title}>
      <div className="mr-editor-list__header">
        <h4 className="mr-editor-list__title">{title}</h4>
        {!readOnly && (
          <Button type="button" label={addLabel} icon="pi pi-plus" size="small" text onClick={onAdd} />
        )}
      </div>
      <GroupError error={error} />
      <div className="mr-editor-list__body">{children}</div>
    </section>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  const readOnly = useContext(ReadOnlyContext);
  if (readOnly) return null;
  return (
    <Button
      type="button"
      icon="pi pi-trash"
      text
      rounded
      size="small"
      severity="danger"
      aria-label={label}
      onClick={onClick}
    />
  );
}

function OptionsPart({ d, base, errors, onChange }: PartsProps) {
  const readOnly = useContext(ReadOnlyContext);
  const options = d.options ?? [];
  const err = (i: number, f: string) => errors.get(`${base}.options.${i}.${f}`);
  return (
    <EditorList
      title={L.options}
      addLabel="Add Option"
      onAdd={() => onChange(addOption(d))}
      error={errors.get(`${base}.options`)}
    >
      {options.length === 0 ? (
        <p className="mr-muted">No options yet.</p>
      ) : (
        <ol className="mr-editor-rows">
          {options.map((o, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place; keys may be blank or repeated.
            <li key={i} className="mr-editor-row">
              <TextField
                label={`Option ${i + 1} ${L.key}`}
                value={o.key}
                error={err(i, 'key')}
                onChange={(key) => onChange({ ...d, options: patchAt(options, i, { key }) })}
              />
              <TextField
                label={`Option ${i + 1} ${L.text}`}
                value={o.text}
                error={err(i, 'text')}
                onChange={(text) => onChange({ ...d, options: patchAt(options, i, { text }) })}
              />
              <div className="mr-check-field">
                <Checkbox
                  inputId={`${base}-option-${i}-selected`}
                  checked={o.selected}
                  disabled={readOnly}
                  onChange={() => onChange(toggleOption(d, i))}
                />
                <label htmlFor={`${base}-option-${i}-selected`}>Selected</label>
              </div>
              <RemoveButton label={`Remove option ${i + 1}`} onClick={() => onChange(removeOption(d, i))} />
            </li>
          ))}
        </ol>
      )}
    </EditorList>
  );
}

function RowsPart({ d, base, errors, onChange }: PartsProps) {
  const rows = d.rows ?? [];
  return (
    <EditorList
      title={L.rows}
      addLabel="Add Row"
      onAdd={() => onChange(addRow(d))}
      error={errors.get(`${base}.rows`)}
    >
      {rows.length === 0 ? (
        <p className="mr-muted">No rows yet.</p>
      ) : (
        <ol className="mr-editor-rows">
          {rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are identified by position only.
            <li key={i} className="mr-editor-row">
              <TextField
                label={`Row ${i + 1} ${L.text}`}
                value={r.text}
                error={errors.get(`${base}.rows.${i}.text`)}
                onChange={(text) => onChange({ ...d, rows: patchAt(rows, i, { text }) })}
              />
              <RemoveButton label={`Remove row ${i + 1}`} onClick={() => onChange(removeRow(d, i))} />
            </li>
          ))}
        </ol>
      )}
    </EditorList>
  );
}

function ArrayColumnsPart({ d, base, errors, onChange }: PartsProps) {
  const columns = d.columns ?? [];
  const rows = d.rows ?? [];
  const setColumn = (i: number, patch: Partial<DraftColumn>) =>
    onChange({ ...d, columns: patchAt(columns, i, patch) });
  return (
    <EditorList
      title={L.columns}
      addLabel="Add Column"
      onAdd={() => onChange(addColumn(d))}
      error={errors.get(`${base}.columns`)}
    >
      {columns.length === 0 ? (
        <p className="mr-muted">No columns yet.</p>
      ) : (
        <ol className="mr-editor-rows">
          {columns.map((c, i) => {
            const at = `${base}.columns.${i}`;
            const n = i + 1;
            const dataType = c.dataType ?? 'STRING';
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are identified by position only.
              <li key={i} className="mr-editor-row mr-editor-row--column">
                <div className="mr-parameter-form__grid">
                  <TextField
                    label={`Column ${n} ${L.text}`}
                    value={c.text}
                    error={errors.get(`${at}.text`)}
                    onChange={(text) => setColumn(i, { text })}
                  />
                  <SelectField<ColumnDataType>
                    label={`Column ${n} ${L.dataType}`}
                    value={dataType}
                    options={COLUMN_TYPES}
                    error={errors.get(`${at}.dataType`)}
                    onChange={(t) => t && onChange(setColumnDataType(d, i, t))}
                  />
                  <CheckField
                    label={`Column ${n} required`}
                    checked={c.required === true}
                    onChange={(required) => setColumn(i, { required })}
                  />
                  {dataType === 'STRING' ? (
                    <NumberField
                      label={`Column ${n} ${L.length}`}
                      value={c.length}
                      error={errors.get(`${at}.length`)}
                      onChange={(length) => setColumn(i, { length })}
                    />
                  ) : (
                    <>
                      <BoundField
                        kind={dataType}
                        label={`Column ${n} ${L.min}`}
                        value={c.min}
                        error={errors.get(`${at}.min`)}
                        onChange={(min) => setColumn(i, { min })}
                      />
                      <BoundField
                        kind={dataType}
                        label={`Column ${n} ${L.max}`}
                        value={c.max}
                        error={errors.get(`${at}.max`)}
                        onChange={(max) => setColumn(i, { max })}
                      />
                    </>
                  )}
                </div>
                {rows.length > 0 && (
                  <fieldset className="mr-parameter-form__grid mr-plain-fieldset">
                    <legend className="mr-visually-hidden">{`Column ${n} defaults`}</legend>
                    {rows.map((r, row) => {
                      const value = c.defaultValue?.[row] ?? undefined;
                      const label = `Column ${n} ${L.defaultValue} for ${r.text || `row ${row + 1}`}`;
                      const setDefault = (v: string | number | undefined) => {
                        const defaults = [...(c.defaultValue ?? [])];
                        while (defaults.length < rows.length) defaults.push(null);
                        defaults[row] = v === undefined || v === '' ? null : v;
                        setColumn(i, { defaultValue: defaults });
                      };
                      return dataType === 'STRING' ? (
                        <TextField
                          // biome-ignore lint/suspicious/noArrayIndexKey: one default per row position.
                          key={row}
                          label={label}
                          value={typeof value === 'string' ? value : ''}
                          error={errors.get(`${at}.defaultValue.${row}`)}
                          onChange={setDefault}
                        />
                      ) : (
                        <BoundField
                          // biome-ignore lint/suspicious/noArrayIndexKey: one default per row position.
                          key={row}
                          kind={dataType}
                          label={label}
                          value={value === null ? undefined : value}
                          error={errors.get(`${at}.defaultValue.${row}`)}
                          onChange={setDefault}
                        />
                      );
                    })}
                  </fieldset>
                )}
                <GroupError error={errors.get(`${at}.defaultValue`)} />
                <RemoveButton label={`Remove column ${n}`} onClick={() => onChange(removeColumn(d, i))} />
              </li>
            );
          })}
        </ol>
      )}
    </EditorList>
  );
}

function SelectorColumnsPart({ d, base, errors, onChange }: PartsProps) {
  const columns = d.columns ?? [];
  const rows = d.rows ?? [];
  const setColumn = (i: number, patch: Partial<DraftColumn>) =>
    onChange({ ...d, columns: patchAt(columns, i, patch) });
  return (
    <EditorList
      title={L.columns}
      addLabel="Add Column"
      onAdd={() => onChange(addColumn(d))}
      error={errors.get(`${base}.columns`)}
    >
      {columns.length === 0 ? (
        <p className="mr-muted">No columns yet.</p>
      ) : (
        <ol className="mr-editor-rows">
          {columns.map((c, i) => {
            const at = `${base}.columns.${i}`;
            const n = i + 1;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are identified by position only.
              <li key={i} className="mr-editor-row mr-editor-row--column">
                <div className="mr-parameter-form__grid">
                  <TextField
                    label={`Column ${n} ${L.key}`}
                    value={c.key}
                    error={errors.get(`${at}.key`)}
                    onChange={(key) => setColumn(i, { key })}
                  />
                  <TextField
                    label={`Column ${n} ${L.text}`}
                    value={c.text}
                    error={errors.get(`${at}.text`)}
                    onChange={(text) => setColumn(i, { text })}
                  />
                  {rows.map((r, row) => (
                    <TextField
                      // biome-ignore lint/suspicious/noArrayIndexKey: one cell per row position.
                      key={row}
                      label={`Column ${n} ${L.cellText} for ${r.text || `row ${row + 1}`}`}
                      value={c.cellText?.[row] ?? ''}
                      error={errors.get(`${at}.cellText.${row}`)}
                      onChange={(text) => {
                        const cells = [...(c.cellText ?? [])];
                        while (cells.length < rows.length) cells.push('');
                        cells[row] = text;
                        setColumn(i, { cellText: cells });
                      }}
                    />
                  ))}
                </div>
                <RemoveButton label={`Remove column ${n}`} onClick={() => onChange(removeColumn(d, i))} />
              </li>
            );
          })}
        </ol>
      )}
    </EditorList>
  );
}

function FilePart({ d, base, errors, helpFiles, onChange }: PartsProps) {
  const err = (f: string) => errors.get(`${base}.${f}`);
  return (
    <div className="mr-parameter-form__grid">
      <NumberField
        label={`${L.size} (MB)`}
        hint={DESIGNED_MESSAGES.fileSizeTooltip}
        value={d.size}
        error={err('size')}
        onChange={(size) => onChange({ ...d, size })}
      />
      {helpFiles.status === 'ready' && helpFiles.items.length === 0 ? (
        <div className="mr-field">
          <span>{L.helpFile}</span>
          <p className="mr-muted">{SUB_MODEL_MESSAGES.noHelpFiles}</p>
          <GroupError error={err('files')} />
        </div>
      ) : (
        <SelectField<string>
          label={L.helpFile}
          value={d.files || undefined}
          options={helpFiles.items.map((f) => ({ label: f.name, value: f.uuid }))}
          placeholder={helpFiles.status === 'loading' ? 'Loading…' : 'Select a help file'}
          hint={helpFiles.status === 'error' ? SUB_MODEL_MESSAGES.failedToLoadHelpFiles : undefined}
          error={err('files')}
          onChange={(files) => onChange({ ...d, files })}
        />
      )}
    </div>
  );
}
