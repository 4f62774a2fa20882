import PrimeReact, { type PrimeReactPTOptions } from 'primereact/api';

/**
 * App-wide pass-through options that mend what axe-core finds in PrimeReact 10's own markup, so that
 * every screen gets the fix without each component repeating it (test/e2e/accessibility.spec.ts).
 */
export const A11Y_PASS_THROUGH: PrimeReactPTOptions = {
  dropdown: {
    // Dropdown renders a hidden native <select> beside its labelled combobox, for forms; screen
    // readers met it as a second control without a name (axe 'select-name', critical).
    select: { 'aria-hidden': true },
    // A disabled Dropdown shows its value faded but says nothing to assistive technology, so it
    // counted as active text below the contrast ratio (WCAG exempts inactive controls).
    root: (options) => (options?.props.disabled ? { 'aria-disabled': true } : undefined),
    // The arrow beside the value is a role="button" without a name once a value is chosen (axe
    // 'aria-command-name', serious). It is a mouse target only (not focusable): the labelled input
    // beside it already opens the list from the keyboard and says it has one (aria-haspopup).
    trigger: { 'aria-hidden': true },
  },
  treetable: {
    // TreeTable nests a role="table" <table> in a role="table" <div> and puts tree attributes
    // (aria-level, aria-expanded) on its rows, which a table's rows may not carry: the <table>
    // becomes the one named treegrid, the <div> around it a plain box.
    root: { role: undefined, 'aria-label': undefined, 'aria-labelledby': undefined },
    table: (options) => ({
      role: 'treegrid',
      'aria-label': options?.props['aria-label'],
      'aria-labelledby': options?.props['aria-labelledby'],
    }),
    // aria-checked belongs to its checkbox selection mode, which the app does not use; rows may not
    // carry it. (The typings describe `row` as the Row component's options; at run time TreeTable
    // merges it into each <tr>.)
    row: { 'aria-checked': undefined } as NonNullable<PrimeReactPTOptions['treetable']>['row'],
  },
};

let applied = false;

/** Installs {@link A11Y_PASS_THROUGH} once, before the first PrimeReact component renders. */
export function applyPrimeReactA11y(): void {
  if (applied) return;
  applied = true;
  PrimeReact.pt = A11Y_PASS_THROUGH;
}
