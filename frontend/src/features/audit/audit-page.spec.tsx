import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry, ImpactPreview, Option, StandingsAsOf } from '@treble/contracts';
import { formatDateTime } from '../../lib/dates';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { aPeriod } from '../../test-support/periods';
import { renderApp } from '../../test-support/render-app';
import { anAdmin, aUser } from '../../test-support/users';

const admin = anAdmin();
const ann = aUser();

function anEntry(position: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    position: String(position),
    streamId: `picks-${ann.id}`,
    type: 'ChoiceMade',
    actor: ann.id,
    actorName: 'Ann Player',
    source: 'player',
    occurredAt: '2025-08-16T14:05:00.000Z',
    periodId: 2,
    userId: ann.id,
    userName: 'Ann Player',
    optionId: '2-ARS',
    data: {},
    ...overrides,
  };
}

const anOption = (id: string, name: string): Option =>
  ({
    id,
    periodId: 2,
    name,
    description: null,
    sortOrder: 1,
    teamKey: id.slice(2),
    shortName: null,
    fixture: null,
  }) as unknown as Option;

const movedPreview: ImpactPreview = {
  periodId: 2,
  effect: 'recorded',
  appliedResults: [{ optionId: '2-ARS', optionName: 'Arsenal FC', outcome: 'loss' }],
  changes: [
    {
      userId: 'bob',
      displayName: 'Bob Baker',
      overall: { before: { rank: 1, points: 12, wins: 4 }, after: { rank: 2, points: 9, wins: 3 } },
      last10: null,
      survivor: null,
    },
  ],
  onReopen: null,
};

let fake: FakeFetch;
let uninstall: () => void;

beforeEach(() => {
  const firstPage = Array.from({ length: 51 }, (_, i) => anEntry(200 - i));
  fake = createFakeFetch({
    'GET /api/periods': () =>
      jsonResponse(200, [
        aPeriod({
          id: 1,
          isCompleted: true,
          isManuallyCompleted: true,
          completedAt: '2025-08-20T10:00:00.000Z',
        }),
        aPeriod({ id: 2, isActive: true }),
      ]),
    'GET /api/admin/users': () => jsonResponse(200, [admin, ann]),
    'GET /api/admin/audit?limit=51&offset=0': () =>
      jsonResponse(200, [
        anEntry(300, {
          type: 'ResultRecorded',
          source: 'admin',
          actor: admin.id,
          actorName: 'Pat Host',
          userId: null,
          userName: null,
        }),
        ...firstPage.slice(1),
      ]),
    'GET /api/admin/audit?limit=51&offset=50': () => jsonResponse(200, [anEntry(5), anEntry(4)]),
    'GET /api/admin/audit?periodId=2&limit=51&offset=0': () =>
      jsonResponse(200, [
        anEntry(77, {
          type: 'PeriodCompleted',
          source: 'system',
          actor: 'system',
          actorName: null,
          userId: null,
          userName: null,
          optionId: null,
        }),
      ]),
    'GET /api/periods/2/options': () =>
      jsonResponse(200, [anOption('2-ARS', 'Arsenal FC'), anOption('2-CHE', 'Chelsea FC')]),
    'GET /api/periods/1/options': () => jsonResponse(200, [anOption('1-ARS', 'Arsenal FC')]),
    'GET /api/admin/standings-as-of?period=1&kind=overall': () =>
      jsonResponse(200, {
        periodId: 1,
        kind: 'overall',
        position: '40',
        completedAt: '2025-08-20T10:00:00.000Z',
        rows: [
          { userId: 'bob', displayName: 'Bob Baker', rank: 1, points: 6, wins: 2 },
          { userId: ann.id, displayName: 'Ann Player', rank: 2, points: 4, wins: 1 },
        ],
      } satisfies StandingsAsOf),
    'GET /api/admin/standings-as-of?period=1&kind=survivor': () =>
      jsonResponse(200, {
        periodId: 1,
        kind: 'survivor',
        position: '40',
        completedAt: '2025-08-20T10:00:00.000Z',
        rows: [
          {
            userId: 'cat',
            displayName: 'Cat Cole',
            rank: 1,
            points: 0,
            wins: 0,
            isEliminated: true,
            strikeCount: 1,
            eliminatedInPeriod: 1,
          },
        ],
      } satisfies StandingsAsOf),
    'GET /api/admin/what-if/result?optionId=2-ARS&outcome=loss': () => jsonResponse(200, movedPreview),
    'GET /api/admin/what-if/reopen/1': () =>
      jsonResponse(200, {
        periodId: 1,
        effect: 'reopened',
        appliedResults: [{ optionId: '1-ARS', optionName: 'Arsenal FC', outcome: 'draw' }],
        changes: [
          {
            userId: 'cat',
            displayName: 'Cat Cole',
            overall: null,
            last10: null,
            survivor: {
              before: {
                rank: 3,
                points: 0,
                wins: 0,
                isEliminated: true,
                strikeCount: 1,
                eliminatedInPeriod: 1,
              },
              after: {
                rank: 1,
                points: 0,
                wins: 0,
                isEliminated: false,
                strikeCount: 0,
                eliminatedInPeriod: null,
              },
            },
          },
        ],
        onReopen: null,
      } satisfies ImpactPreview),
  });
  uninstall = installGlobalFetch(fake);
});

afterEach(() => uninstall());

const auditCalls = () =>
  fake.calls.filter((call) => call.url.startsWith('/api/admin/audit')).map((call) => call.url);

describe('audit page', () => {
  test('players see that the page is for admins, and nothing is fetched', async () => {
    renderApp('/audit', { user: ann });
    await screen.findByRole('heading', { name: 'Admin Access Required' });
    expect(auditCalls()).toEqual([]);
  });

  test('lists the event history with actor, source and time in the viewer time zone, paged', async () => {
    renderApp('/audit', { user: admin });
    await screen.findByRole('heading', { name: 'Audit' });
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows).toHaveLength(50);
    within(rows[0] as HTMLElement).getByText('Result recorded');
    within(rows[0] as HTMLElement).getByText('Admin');
    within(rows[0] as HTMLElement).getByText('Pat Host');
    within(rows[1] as HTMLElement).getByText('Choice made');
    within(rows[1] as HTMLElement).getByText('Player');
    within(rows[1] as HTMLElement).getByText(formatDateTime('2025-08-16T14:05:00.000Z'));
    within(rows[1] as HTMLElement).getByText('Period 2 · 2-ARS · Ann Player');
    // On a phone each row is a card of labelled lines: every cell names its column.
    expect(
      Array.from((rows[1] as HTMLElement).querySelectorAll('td')).map((cell) => cell.dataset.label),
    ).toEqual(['Time', 'Event', 'Source', 'Actor', 'Concerns']);
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2));
    screen.getByText('Page 2');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    expect(auditCalls()).toContain('/api/admin/audit?limit=51&offset=50');
  });

  test('filters by period back on the first page', async () => {
    renderApp('/audit?page=2', { user: admin });
    await screen.findByText('Page 2');
    const history = screen.getByRole('region', { name: 'Event history' });
    fireEvent.change(within(history).getByLabelText('Period'), { target: { value: '2' } });
    await within(history).findByText('Period completed');
    within(history).getByText('System');
    screen.getByText('Page 1');
    expect(auditCalls().at(-1)).toBe('/api/admin/audit?periodId=2&limit=51&offset=0');
    // With a period chosen, its options become a filter too.
    await within(history).findByRole('option', { name: 'Chelsea FC' });
  });

  test('shows an error with a retry that loads the history', async () => {
    let failing = true;
    const ok = fake.routes.get('GET /api/admin/audit?limit=51&offset=0')!;
    fake.routes.set('GET /api/admin/audit?limit=51&offset=0', (request) =>
      failing
        ? jsonResponse(500, { statusCode: 500, code: 'INTERNAL_ERROR', message: 'Database unavailable' })
        : ok(request),
    );
    renderApp('/audit', { user: admin });
    const alert = await screen.findByRole('alert');
    within(alert).getByText('500: Database unavailable');
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('audit-row')).toHaveLength(50);
  });

  test('shows the standings as of a completed period, per competition', async () => {
    renderApp('/audit', { user: admin });
    const panel = await screen.findByRole('region', { name: 'Standings as of a period' });
    const rows = await within(panel).findAllByTestId('as-of-row');
    expect(rows.map((row) => row.textContent)).toEqual(['1Bob Baker62', '2Ann Player41']);
    fireEvent.change(within(panel).getByLabelText('Competition'), { target: { value: 'survivor' } });
    await within(panel).findByText('Eliminated in period 1 · 1 strikes');
  });

  test('previews a result and a reopening in the what-if panel', async () => {
    renderApp('/audit', { user: admin });
    const panel = await screen.findByRole('region', { name: 'What if…' });
    fireEvent.change(within(panel).getByLabelText('Period'), { target: { value: '2' } });
    await within(panel).findByRole('option', { name: 'Arsenal FC' });
    fireEvent.change(within(panel).getByLabelText('Option'), { target: { value: '2-ARS' } });
    fireEvent.change(within(panel).getByLabelText('Result'), { target: { value: 'loss' } });
    const row = await within(panel).findByTestId('impact-row');
    expect(Array.from(row.children).map((cell) => cell.textContent)).toEqual([
      'Bob Baker',
      '#1, 12 pts → #2, 9 pts',
      '—',
      '—',
    ]);

    fireEvent.change(within(panel).getByLabelText('Period to reopen'), { target: { value: '1' } });
    const reopen = await within(panel).findByRole('region', { name: 'Impact of reopening period 1' });
    within(reopen).getByText('Arsenal FC: Draw');
    within(reopen).getByText('out in period 1, 1 strike, #3, 0 pts → active, 0 strikes, #1, 0 pts');
    expect(fake.calls.every((call) => call.method === 'GET')).toBe(true);
  });
});
