import { convert, type ValueKind } from '@shared/sub-models/converters';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';

/**
 * One typed value (string, integer, real number, decimal or date) as the user types it. The text is
 * kept as typed and converted with the run-time converters of spec 001 §5 on every change: a value
 * that converts is handed on as its type; one that does not is handed on as the text, for which the
 * field shows the converter's 'Failed to parse ... from ...' (scalarProblem).
 */
export interface ScalarInputProps {
  id?: string;
  kind: ValueKind;
  value: unknown;
  onChange: (value: unknown) => void;
  disabled?: boolean;
  /** Label of a field without its own <label> (array cells, range ends labelled by the caller). */
  ariaLabel?: string;
  describedBy?: string | undefined;
  invalid?: boolean;
  min?: number | string | undefined;
  max?: number | string | undefined;
  maxLength?: number | undefined;
}

const asText = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);

export function ScalarInput({
  id,
  kind,
  value,
  onChange,
  disabled,
  ariaLabel,
  describedBy,
  invalid,
  min,
  max,
  maxLength,
}: ScalarInputProps) {
  const [text, setText] = useState(() => asText(value));
  const [seen, setSeen] = useState(value);
  // A value that changes from outside (an import, a paste) replaces the text being typed.
  if (value !== seen) {
    setSeen(value);
    const converted = convert(kind, text);
    if (!converted.ok || converted.value !== value) setText(asText(value));
  }

  const change = (next: string) => {
    setText(next);
    const converted = convert(kind, next);
    const handed = converted.ok ? converted.value : next;
    setSeen(handed);
    onChange(handed);
  };

  const numeric = kind === 'integer' || kind === 'real number' || kind === 'decimal';
  return (
    <InputText
      id={id}
      type={kind === 'date' ? 'date' : 'text'}
      inputMode={kind === 'integer' ? 'numeric' : numeric ? 'decimal' : undefined}
      value={text}
      disabled={disabled}
      aria-label={ariaLabel}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      invalid={invalid}
      min={kind === 'date' && typeof min === 'string' ? min : undefined}
      max={kind === 'date' && typeof max === 'string' ? max : undefined}
      maxLength={kind === 'string' ? maxLength : undefined}
      onChange={(e) => change(e.target.value)}
      className="mr-param__input"
    />
  );
}

/** The converter's message for a value that is still the text the user typed, else undefined. */
export function scalarProblem(kind: ValueKind, value: unknown): string | undefined {
  if (kind === 'string' || typeof value !== 'string' || value === '') return undefined;
  const converted = convert(kind, value);
  return converted.ok ? undefined : converted.message;
}
