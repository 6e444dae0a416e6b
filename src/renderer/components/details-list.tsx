/** Label and value pairs (a definition list); an empty value shows as a dash. */
export function DetailsList({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl className="details-list">
      {rows.map(([label, value]) => (
        <div className="details-list__row" key={label}>
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}
