import { InputText } from 'primereact/inputtext';

/**
 * The required Name of an analysis (Save Analysis and Save Progress dialogs; 001 §4 names up to 200
 * characters): its problem under it as an alert tied to the input, and Enter submits the dialog.
 */
export function AnalysisNameField({
  id,
  name,
  error,
  autoFocus,
  onChange,
  onSubmit,
}: {
  id: string;
  name: string;
  error: string | undefined;
  autoFocus?: boolean;
  onChange: (name: string) => void;
  onSubmit: () => void;
}) {
  return (
    <div className="mr-field">
      <label htmlFor={id}>Name *</label>
      <InputText
        id={id}
        value={name}
        autoFocus={autoFocus}
        maxLength={200}
        aria-invalid={error !== undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && onSubmit()}
      />
      {error && (
        <small id={`${id}-error`} className="mr-error-text" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
