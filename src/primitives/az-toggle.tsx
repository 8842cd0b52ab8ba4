/** The A-Z toggle of the spec's lists: flips between 0 (given order) and 1 (by title). */
export function AzToggle({ az, onChange, label }: { az: 0 | 1; onChange: (az: 0 | 1) => void; label: string }) {
  return (
    <button type="button" className={`toggle${az ? ' is-on' : ''}`} aria-pressed={az === 1} onClick={() => onChange(az ? 0 : 1)}>
      {label}
    </button>
  );
}
