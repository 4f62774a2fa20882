import type { ButtonHTMLAttributes } from 'react';

interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  label: string;
  icon?: string;
  outlined?: boolean;
  severity?: 'secondary';
  loading?: boolean;
}

/**
 * A button with PrimeReact's theme classes but without its JavaScript, for what the first page load
 * needs (welcome page, error pages, session dialog): PrimeReact's Button costs ~30 kB gzip and the
 * first page must stay under 200 kB.
 */
export function PlainButton({
  label,
  icon,
  outlined,
  severity,
  loading,
  className,
  disabled,
  type = 'button',
  ...rest
}: PlainButtonProps) {
  const classes = [
    'p-button',
    'p-component',
    outlined ? 'p-button-outlined' : '',
    severity ? `p-button-${severity}` : '',
    disabled || loading ? 'p-disabled' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const iconClass = loading ? 'pi pi-spin pi-spinner' : icon;
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      // Inside a PrimeReact Dialog the focus trap focuses, once the dialog has mounted, the first
      // element marked with this attribute, else its first focusable one; React's own autoFocus runs
      // earlier and loses (the session dialog focused 'Logout'). PrimeReact's Button sets it too.
      data-pc-autofocus={rest.autoFocus || undefined}
      {...rest}
    >
      {iconClass && (
        <span className={`p-button-icon p-c p-button-icon-left ${iconClass}`} aria-hidden="true" />
      )}
      <span className="p-button-label p-c">{label}</span>
    </button>
  );
}
