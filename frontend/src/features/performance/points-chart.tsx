import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { periodTitleOf } from '../../lib/period-title';
import { pointsLabel } from '../../lib/words';

export interface PeriodPoints {
  periodId: number;
  points: number;
  /** What the period is called ("Matchweek 12"); "Matchweek {periodId}" when not given. */
  title?: string;
}

/**
 * Points per period as a bar chart (recharts), with the same figures as a table for screen
 * readers. Default export so pages can load it lazily and keep recharts out of the first bundle.
 */
export default function PointsChart({
  data,
  title = 'Points per period',
}: {
  data: PeriodPoints[];
  title?: string;
}) {
  const rows = data.map((entry) => ({
    label: `MW${entry.periodId}`,
    periodId: entry.periodId,
    title: entry.title ?? periodTitleOf(entry.periodId),
    points: entry.points,
  }));
  return (
    <figure className="points-chart" data-testid="points-chart">
      <div aria-hidden="true">
        {/* Hidden from assistive tech (the table below says the same), so not focusable either. */}
        <BarChart
          accessibilityLayer={false}
          responsive
          style={{ width: '100%', height: 220 }}
          data={rows}
          margin={{ top: 8, right: 8, left: 0, bottom: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tickLine={false} />
          <YAxis allowDecimals={false} width={32} />
          <Tooltip formatter={(value) => [pointsLabel(Number(value)), 'Points']} />
          <Bar dataKey="points" name="Points" fill="#3d195b" radius={[4, 4, 0, 0]} maxBarSize={56} />
        </BarChart>
      </div>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            <th scope="col">Points</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.periodId}>
              <th scope="row">{row.title}</th>
              <td>{row.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <figcaption className="muted">{title}</figcaption>
    </figure>
  );
}
