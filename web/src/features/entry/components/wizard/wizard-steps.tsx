import type { MenuItem, MenuItemOptions } from 'primereact/menuitem';
import { Steps } from 'primereact/steps';
import { Children, cloneElement, isValidElement, type ReactNode } from 'react';

/**
 * The step bar of the wizards (Add Model Entry, New Model Version): steps may be visited in any
 * order; each step's status colours its number and is part of its accessible name.
 */
export function WizardSteps({
  labels,
  statuses,
  active,
  readOnly,
  onSelect,
}: {
  labels: readonly string[];
  statuses: readonly string[];
  active: number;
  readOnly: boolean;
  onSelect: (index: number) => void;
}) {
  return (
    <Steps
      className="mr-wizard__steps"
      readOnly={readOnly}
      activeIndex={active}
      onSelect={(e) => onSelect(e.index)}
      model={labels.map((label, i) => ({
        label,
        className: `mr-step mr-step--${statuses[i]}`,
        // The status is in the accessible name too, not only in the colour. The name starts with
        // what the step shows, its number and label (a space keeps the two apart), so that speech
        // input finds the step by what it reads.
        template: (_item: MenuItem, options: MenuItemOptions) =>
          isValidElement<{ children?: ReactNode } & Record<string, unknown>>(options.element)
            ? cloneElement(
                options.element,
                { 'aria-label': `${i + 1} ${label}: ${statuses[i]}`, 'data-status': statuses[i] },
                ...Children.toArray(options.element.props.children).flatMap((part, k) =>
                  k === 0 ? [part] : [' ', part],
                ),
              )
            : options.element,
      }))}
    />
  );
}
