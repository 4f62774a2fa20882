/** A light spinner without PrimeReact, so the first paint needs no component library. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="mr-spinner" role="status" aria-live="polite">
      <span className="mr-spinner__wheel" aria-hidden="true" />
      <span className="mr-visually-hidden">{label}</span>
    </div>
  );
}
