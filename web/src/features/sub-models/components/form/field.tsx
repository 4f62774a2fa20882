import { type ReactNode, useId } from 'react';

/** The attributes that tie a control to its label and its problem. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  invalid: boolean;
}

/**
 * A labelled form field whose problem is shown under it, announced and tied to the control
 * (`aria-describedby`). `children` receives the control's attributes.
 */
export function Field({
  label,
  error,
  hint,
  className,
  hideLabel,
  children,
}: {
  label: ReactNode;
  /** The label is read by assistive technology only (a cell of a table whose header names it). */
  hideLabel?: boolean;
  error?: string | undefined;
  /** A short help text under the control. */
  hint?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined].filter(Boolean).join(' ');
  return (
    <div className={`mr-field ${className ?? ''}`}>
      <label htmlFor={id} className={hideLabel ? 'mr-visually-hidden' : undefined}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy || undefined,
        invalid: Boolean(error),
      })}
      {hint && (
        <small id={hintId} className="mr-muted">
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

/** A problem of a group of controls (a list, a table) that has no single control to describe. */
export function GroupError({ error }: { error: string | undefined }) {
  return error ? (
    <small className="mr-error-text" role="alert">
      {error}
    </small>
  ) : null;
}
