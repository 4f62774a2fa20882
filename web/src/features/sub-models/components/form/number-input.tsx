import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import type { FieldControlProps } from './field';

/** Text of a number as the input shows it. */
const numberText = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? '' : String(value);

/**
 * Reads typed text as a number: empty is no value; anything Number() cannot read stays NaN, so the
 * shared rules answer '… must be a number' instead of the input silently dropping what was typed.
 */
export function parseNumberText(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return Number(trimmed);
}

/**
 * A number typed as text. Not PrimeReact's InputNumber: that one rewrites what is typed (so '-', '0.'
 * or a mistake never reach the rules) and does not take text pasted or filled in at once. The text
 * follows the value when it changes elsewhere (a reset by a data type change).
 */
export function NumberInput({
  value,
  onChange,
  onBlur,
  readOnly,
  ...control
}: FieldControlProps & {
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  onBlur?: () => void;
  readOnly?: boolean;
}) {
  const [text, setText] = useState(() => numberText(value));
  useEffect(() => {
    setText((current) => {
      const parsed = parseNumberText(current);
      const same = parsed === value || (Number.isNaN(parsed) && (value === undefined || Number.isNaN(value)));
      return same ? current : numberText(value);
    });
  }, [value]);
  return (
    <InputText
      {...control}
      inputMode="decimal"
      value={text}
      readOnly={readOnly}
      onBlur={onBlur}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseNumberText(e.target.value));
      }}
    />
  );
}
