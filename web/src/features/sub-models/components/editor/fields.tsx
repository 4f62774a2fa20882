import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { createContext, useContext, useEffect, useId, useRef } from 'react';
import { Field } from '../form/field';
import { NumberInput } from '../form/number-input';

/**
 * The controlled inputs of the template editor. Each shows its problem (from the shared rules, by
 * path) under it. Without edit permission the whole editor is read-only (`ReadOnlyContext`).
 */
export const ReadOnlyContext = createContext(false);
const useReadOnly = () => useContext(ReadOnlyContext);

interface BaseProps {
  label: string;
  error?: string | undefined;
  hint?: string;
  /** The label is for assistive technology only (cells of the editor's lists). */
  hideLabel?: boolean;
}

export function TextField({
  label,
  error,
  hint,
  hideLabel,
  value,
  onChange,
  multiline,
  autoFocus,
}: BaseProps & {
  value: string | undefined;
  onChange: (value: string) => void;
  multiline?: boolean;
  autoFocus?: boolean;
}) {
  const readOnly = useReadOnly();
  const input = useRef<HTMLInputElement>(null);
  // Focused once when it appears (React's autoFocus prop does not reach PrimeReact's input reliably).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on mount.
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, []);
  return (
    <Field label={label} error={error} hint={hint} hideLabel={hideLabel}>
      {(c) =>
        multiline ? (
          <InputTextarea
            {...c}
            value={value ?? ''}
            rows={2}
            autoResize
            readOnly={readOnly}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <InputText
            {...c}
            ref={input}
            value={value ?? ''}
            readOnly={readOnly}
            onChange={(e) => onChange(e.target.value)}
          />
        )
      }
    </Field>
  );
}

/** A number field (typed as text, see NumberInput). A date-typed bound shows in a DateField instead. */
export function NumberField({
  label,
  error,
  hint,
  hideLabel,
  value,
  onChange,
}: BaseProps & { value: number | string | undefined; onChange: (value: number | undefined) => void }) {
  const readOnly = useReadOnly();
  return (
    <Field label={label} error={error} hint={hint} hideLabel={hideLabel}>
      {(c) => (
        <NumberInput
          {...c}
          value={typeof value === 'number' ? value : undefined}
          readOnly={readOnly}
          onChange={onChange}
        />
      )}
    </Field>
  );
}

/** A date as yyyy-MM-dd (§3: DATE bounds and defaults are dates, compared as dates). */
export function DateField({
  label,
  error,
  hint,
  hideLabel,
  value,
  onChange,
}: BaseProps & { value: number | string | undefined; onChange: (value: string | undefined) => void }) {
  const readOnly = useReadOnly();
  return (
    <Field label={label} error={error} hint={hint} hideLabel={hideLabel}>
      {(c) => (
        <input
          id={c.id}
          aria-invalid={c['aria-invalid']}
          aria-describedby={c['aria-describedby']}
          type="date"
          className={`p-inputtext p-component ${c.invalid ? 'p-invalid' : ''}`}
          value={typeof value === 'string' ? value : ''}
          readOnly={readOnly}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        />
      )}
    </Field>
  );
}

/** A bound of a number or date kind. */
export function BoundField({
  kind,
  ...props
}: BaseProps & {
  kind: string | undefined;
  value: number | string | undefined;
  onChange: (value: number | string | undefined) => void;
}) {
  return kind === 'DATE' ? <DateField {...props} /> : <NumberField {...props} />;
}

export function CheckField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const readOnly = useReadOnly();
  const id = useId();
  return (
    <div className="mr-check-field">
      <Checkbox
        inputId={id}
        checked={checked}
        disabled={readOnly}
        onChange={(e) => onChange(Boolean(e.checked))}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

export interface Choice<T> {
  label: string;
  value: T;
}

export function SelectField<T extends string | number | boolean>({
  label,
  error,
  hint,
  hideLabel,
  value,
  options,
  onChange,
  placeholder,
  clearable,
  emptyMessage,
}: BaseProps & {
  value: T | undefined;
  options: readonly Choice<T>[];
  onChange: (value: T | undefined) => void;
  placeholder?: string;
  clearable?: boolean;
  emptyMessage?: string;
}) {
  const readOnly = useReadOnly();
  return (
    <Field label={label} error={error} hint={hint} hideLabel={hideLabel}>
      {({ id, invalid, ...aria }) => (
        <Dropdown
          inputId={id}
          {...aria}
          invalid={invalid}
          value={value ?? null}
          options={[...options]}
          optionLabel="label"
          optionValue="value"
          placeholder={placeholder}
          showClear={clearable && !readOnly}
          disabled={readOnly}
          emptyMessage={emptyMessage}
          onChange={(e) => onChange((e.value ?? undefined) as T | undefined)}
        />
      )}
    </Field>
  );
}
