import { afterEach, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Result } from '@treble/contracts';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { aPeriod } from '../../test-support/periods';
import { renderApp } from '../../test-support/render-app';
import { anOption } from '../../test-support/standings';
import { anAdmin } from '../../test-support/users';
import { choose, supportRadixSelect, writes } from '../../test-support/admin-forms';

let fake: FakeFetch;
let uninstall: () => void;

beforeAll(supportRadixSelect);
beforeEach(() => {
  fake = createFakeFetch();
  uninstall = installGlobalFetch(fake);
});
afterEach(() => uninstall());

const admin = anAdmin();

const aResult = (optionId: string, periodId: number, outcome: Result['outcome']): Result => ({
  optionId,
  periodId,
  outcome,
  points: { win: 3, draw: 1, loss: 0 }[outcome],
  source: 'admin',
});

function serve(results: () => Result[]) {
  fake.routes.set('GET /api/periods', () =>
    jsonResponse(200, [aPeriod({ id: 5, isActive: true }), aPeriod({ id: 30, isManuallyCompleted: true })]),
  );
  fake.routes.set('GET /api/periods/5/options', () =>
    jsonResponse(200, [
      anOption('5-ARS', { name: 'Arsenal' }),
      anOption('5-LIV', { name: 'Liverpool' }),
      anOption('5-CHE', { name: 'Chelsea' }),
    ]),
  );
  fake.routes.set('GET /api/results/period/5', () =>
    jsonResponse(
      200,
      results().filter((r) => r.periodId === 5),
    ),
  );
  fake.routes.set('GET /api/results', () => jsonResponse(200, results()));
}

describe('Results tab', () => {
  test('period labels show segment and state; options with a result are marked; N of M have results', async () => {
    serve(() => [aResult('5-LIV', 5, 'draw')]);
    renderApp('/admin?tab=results', { user: admin });

    fireEvent.click(await screen.findByRole('combobox', { name: 'Period' }));
    screen.getByRole('option', { name: 'Matchweek 5 · Main Season · Active' });
    fireEvent.click(screen.getByRole('option', { name: 'Matchweek 30 · Last 10 · Completed' }));
    fireEvent.click(await screen.findByRole('combobox', { name: 'Period' }));
    fireEvent.click(screen.getByRole('option', { name: /Matchweek 5/ }));

    expect((await screen.findByTestId('results-subtitle')).textContent).toBe('1 of 3 options have results');
    const rows = screen.getAllByTestId('result-row');
    within(rows[0]!).getByText('No Result');
    within(rows[1]!).getByText('Draw');
    within(rows[1]!).getByText('1 pt');

    fireEvent.click(screen.getByRole('combobox', { name: 'Option' }));
    expect(screen.getByRole('option', { name: 'Liverpool' }).textContent).toBe('Liverpool · Has Result');
    expect(screen.getByRole('option', { name: 'Arsenal' }).textContent).toBe('Arsenal');
  });

  test('a result before kickoff is refused by the server; the admin confirms and it is sent again with force', async () => {
    let results: Result[] = [];
    serve(() => results);
    fake.routes.set('POST /api/results', (request) => {
      const body = JSON.parse(request.body!) as {
        optionId: string;
        outcome: Result['outcome'];
        force?: boolean;
      };
      if (!body.force) {
        return jsonResponse(409, {
          statusCode: 409,
          code: 'RESULT_BEFORE_KICKOFF',
          message: 'Arsenal\'s match has not kicked off yet. Send "force": true to record the result anyway.',
          optionId: body.optionId,
        });
      }
      results = [aResult(body.optionId, 5, body.outcome)];
      return jsonResponse(201, {
        ...results[0],
        status: 'applied',
        message: 'Result saved before its kickoff.',
      });
    });
    renderApp('/admin?tab=results', { user: admin });

    await choose('Period', /Matchweek 5/);
    await screen.findByTestId('results-subtitle');
    await choose('Option', 'Arsenal');
    await choose('Outcome', /^Win/);
    fireEvent.click(screen.getByRole('button', { name: 'Save Result' }));

    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText(/has not kicked off yet/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Anyway' }));
    await screen.findByText('Result saved before its kickoff.');
    expect(writes(fake.calls)).toEqual([
      { method: 'POST', url: '/api/results', body: { optionId: '5-ARS', outcome: 'win', points: 3 } },
      {
        method: 'POST',
        url: '/api/results',
        body: { optionId: '5-ARS', outcome: 'win', points: 3, force: true },
      },
    ]);
  }, 15_000);

  test('Save Result needs an option and an outcome, then records it with its points', async () => {
    let results: Result[] = [];
    serve(() => results);
    fake.routes.set('POST /api/results', (request) => {
      const body = JSON.parse(request.body!) as { optionId: string; outcome: Result['outcome'] };
      results = [aResult(body.optionId, 5, body.outcome)];
      return jsonResponse(201, {
        ...results[0],
        status: 'applied',
        message: 'Result saved successfully! Scores have been recalculated.',
      });
    });
    renderApp('/admin?tab=results', { user: admin });

    await choose('Period', /Matchweek 5/);
    await screen.findByTestId('results-subtitle');
    fireEvent.click(screen.getByRole('button', { name: 'Save Result' }));
    expect((await screen.findAllByText('Please select an option and outcome')).length).toBeGreaterThan(0);
    expect(writes(fake.calls)).toEqual([]);

    await choose('Option', 'Arsenal');
    await choose('Outcome', /^Win/);
    fireEvent.click(screen.getByRole('button', { name: 'Save Result' }));

    await screen.findByText('Result saved successfully! Scores have been recalculated.');
    expect(writes(fake.calls)).toEqual([
      { method: 'POST', url: '/api/results', body: { optionId: '5-ARS', outcome: 'win', points: 3 } },
    ]);
    await waitFor(() =>
      expect(screen.getByTestId('results-subtitle').textContent).toBe('1 of 3 options have results'),
    );
    // The form is ready for the next result.
    expect(screen.getByRole('combobox', { name: 'Option' }).textContent).toContain('Choose an option');
    expect(screen.getByRole('combobox', { name: 'Outcome' }).textContent).toContain('Choose an outcome');
  });

  test('Delete removes a result', async () => {
    let results = [aResult('5-CHE', 5, 'loss')];
    serve(() => results);
    fake.routes.set('DELETE /api/results/5-CHE', () => {
      results = [];
      return jsonResponse(200, { message: 'Result deleted successfully!' });
    });
    renderApp('/admin?tab=results', { user: admin });

    fake.routes.set('GET /api/admin/what-if/result?optionId=5-CHE&outcome=none', () =>
      jsonResponse(200, {
        periodId: 5,
        effect: 'deleted',
        appliedResults: [],
        changes: [],
        onReopen: null,
      }),
    );
    await choose('Period', /Matchweek 5/);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete result of Chelsea' }));
    // The deletion is previewed and confirmed first.
    const dialog = await screen.findByRole('alertdialog');
    await within(dialog).findByText("No player's points, rank or survivor status would change.");
    expect(writes(fake.calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Result' }));
    await screen.findByText('Result deleted successfully!');
    expect(writes(fake.calls)).toEqual([{ method: 'DELETE', url: '/api/results/5-CHE', body: undefined }]);
    await waitFor(() =>
      expect(screen.getByTestId('results-subtitle').textContent).toBe('0 of 3 options have results'),
    );
  });

  test('overwriting a result previews who would move before anything is saved', async () => {
    let results = [aResult('5-LIV', 5, 'draw')];
    serve(() => results);
    fake.routes.set('GET /api/admin/what-if/result?optionId=5-LIV&outcome=loss', () =>
      jsonResponse(200, {
        periodId: 5,
        effect: 'recorded',
        appliedResults: [{ optionId: '5-LIV', optionName: 'Liverpool', outcome: 'loss' }],
        changes: [
          {
            userId: 'bob',
            displayName: 'Bob Baker',
            overall: { before: { rank: 1, points: 7, wins: 2 }, after: { rank: 2, points: 6, wins: 2 } },
            last10: null,
            survivor: null,
          },
        ],
        onReopen: null,
      }),
    );
    fake.routes.set('POST /api/results', () => {
      results = [aResult('5-LIV', 5, 'loss')];
      return jsonResponse(201, {
        ...results[0],
        status: 'applied',
        message: 'Result saved successfully! Scores have been recalculated.',
      });
    });
    renderApp('/admin?tab=results', { user: admin });

    await choose('Period', /Matchweek 5/);
    await screen.findByTestId('results-subtitle');
    await choose('Option', 'Liverpool');
    await choose('Outcome', /^Loss/);
    fireEvent.click(screen.getByRole('button', { name: 'Save Result' }));

    const dialog = await screen.findByRole('alertdialog');
    const row = await within(dialog).findByTestId('impact-row');
    expect(Array.from(row.children, (cell) => cell.textContent)).toEqual([
      'Bob Baker',
      '#1, 7 pts → #2, 6 pts',
      '—',
      '—',
    ]);
    expect(writes(fake.calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Save' }));
    await screen.findByText('Result saved successfully! Scores have been recalculated.');
    expect(writes(fake.calls)).toEqual([
      { method: 'POST', url: '/api/results', body: { optionId: '5-LIV', outcome: 'loss', points: 0 } },
    ]);
  });

  test('the overview counts wins, draws and losses per period', async () => {
    serve(() => [
      aResult('5-ARS', 5, 'win'),
      aResult('5-LIV', 5, 'win'),
      aResult('5-CHE', 5, 'draw'),
      aResult('30-ARS', 30, 'loss'),
    ]);
    renderApp('/admin?tab=results', { user: admin });

    const overview = await screen.findByRole('tab', { name: 'Results Overview' });
    fireEvent.mouseDown(overview, { button: 0 });
    const rows = await screen.findAllByTestId('overview-row');
    expect(rows.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['5: Matchweek 5', '2', '1', '0', '3'],
      ['30: Matchweek 30', '0', '0', '1', '1'],
    ]);
  });
});
