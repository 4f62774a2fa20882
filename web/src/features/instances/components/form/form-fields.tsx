import { InputText } from 'primereact/inputtext';
import { type InputHTMLAttributes, type Ref, useId } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'value'> {
  label: string;
  value?: string;
  error: string | undefined;
  /** A line under the field that is not an error (e.g. 'Checking the name…'). */
  hint?: string;
  /** React 19 passes `ref` as a prop: react-hook-form's `register` reaches the input through it. */
  ref?: Ref<HTMLInputElement>;
}

/** A labelled one-line field whose problem is tied to it (`aria-describedby`) and announced. */
export function TextField({ label, error, hint, ref, autoFocus, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="mr-field">
      <label htmlFor={id}>{label}</label>
      <InputText
        {...input}
        ref={ref}
        id={id}
        autoFocus={autoFocus}
        // Inside a PrimeReact Dialog its focus trap picks this attribute's element on show.
        data-pc-autofocus={autoFocus || undefined}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
      />
      {hint && !error && (
        <small id={hintId} className="mr-muted" aria-live="polite">
          {hint}
        </small>
      )}
      {error && (
        <small id={errorId} className="mr-error-text" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
