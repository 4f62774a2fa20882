import { Button, type ButtonProps } from 'primereact/button';
import { useId } from 'react';

export interface ReasonedButtonProps extends Omit<ButtonProps, 'disabled'> {
  /** The action cannot be taken now (a permission or a state): the button stays focusable. */
  blocked: boolean;
  /** Why: read as the button's description, and shown on hover and on keyboard focus. */
  reason?: string | undefined;
}

/**
 * A button that explains why it cannot act (issue 21 §10). A `disabled` button cannot take focus, so
 * keyboard users never met its reason and a tooltip on it never opened; this one stays in the tab
 * order marked `aria-disabled`, does nothing when pressed, and shows its reason as a tooltip on hover
 * and on focus (the WAI-ARIA practice for disabled controls whose reason matters).
 */
export function ReasonedButton({
  blocked,
  reason,
  className,
  onClick,
  tooltip,
  tooltipOptions,
  ...props
}: ReasonedButtonProps) {
  const reasonId = useId();
  const why = blocked ? reason : undefined;
  return (
    <>
      <Button
        {...props}
        className={[className, blocked ? 'mr-blocked' : undefined].filter(Boolean).join(' ')}
        aria-disabled={blocked || undefined}
        aria-describedby={why ? reasonId : undefined}
        onClick={blocked ? undefined : onClick}
        // Blocked: the reason, on hover and focus. Otherwise the caller's own tooltip (e.g. the label
        // of an icon-only button).
        tooltip={why ?? tooltip}
        tooltipOptions={why ? { event: 'both', position: 'left' } : tooltipOptions}
      />
      {why && (
        <span id={reasonId} hidden>
          {why}
        </span>
      )}
    </>
  );
}
