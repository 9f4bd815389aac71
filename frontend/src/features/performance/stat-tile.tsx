export function StatTile({ label, value }: { label: string; value: string }) {
  return (
    <div className="stat-tile" data-testid="stat-tile">
      <span className="stat-tile__label">{label}</span>
      <strong className="stat-tile__value">{value}</strong>
    </div>
  );
}
