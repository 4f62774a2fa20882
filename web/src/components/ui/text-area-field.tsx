import { InputTextarea } from 'primereact/inputtextarea';
import { useId } from 'react';

export interface TextAreaFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The field's problem, shown under it and announced; undefined while it is fine. */
  error: string | undefined;
  rows: number;
  maxLength: number;
  autoFocus?: boolean;
}

/** A labelled multi-line text field whose problem is tied to it (`aria-describedby`) and announced. */
export function TextAreaField({
  label,
  value,
  onChange,
  onBlur,
  error,
  rows,
  maxLength,
  autoFocus,
}: TextAreaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="mr-field">
      <label htmlFor={id}>{label}</label>
      <InputTextarea
        id={id}
        value={value}
        rows={rows}
        maxLength={maxLength}
        autoFocus={autoFocus}
        // Inside a PrimeReact Dialog its focus trap picks this attribute's element on show.
        data-pc-autofocus={autoFocus || undefined}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      {error && (
        <small id={errorId} className="mr-error-text" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
