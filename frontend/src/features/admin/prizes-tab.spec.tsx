import { afterEach, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Prize } from '@treble/contracts';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { renderApp } from '../../test-support/render-app';
import { anAdmin } from '../../test-support/users';
import { supportRadixSelect, writes } from '../../test-support/admin-forms';
import { isPrizeAmount, isPrizePosition } from './prize-validation';

let fake: FakeFetch;
let uninstall: () => void;

beforeAll(supportRadixSelect);
beforeEach(() => {
  fake = createFakeFetch();
  uninstall = installGlobalFetch(fake);
});
afterEach(() => uninstall());

const admin = anAdmin();

function aPrize(id: string, overrides: Partial<Prize> = {}): Prize {
  return {
    id,
    competition: 'overall',
    position: '1st',
    amount: '1000.00',
    currency: 'USD',
    description: null,
    isActive: true,
    ...overrides,
  };
}

const usd = (amount: number) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' }).format(amount);

function openTab(name: RegExp) {
  const tab = screen.getByRole('tab', { name });
  fireEvent.mouseDown(tab, { button: 0 });
  fireEvent.click(tab);
}

describe('Prizes tab', () => {
  test('shows the pool total, per-competition subtotals and counts of active prizes', async () => {
    fake.routes.set('GET /api/prizes?includeInactive=true', () =>
      jsonResponse(200, [
        aPrize('a', { description: 'Overall winner' }),
        aPrize('b', { position: '2nd', amount: '100.00' }),
        aPrize('c', { competition: 'survivor', position: 'Winner' }),
        aPrize('d', { position: '4th', amount: '25.00', isActive: false }),
      ]),
    );
    renderApp('/admin?tab=prizes', { user: admin });

    const totals = await screen.findByTestId('prize-totals');
    expect(within(totals).getByText('Total Prize Pool').nextSibling!.textContent).toBe(usd(2100));
    expect(within(totals).getByText('Overall').nextSibling!.textContent).toBe(usd(1100));
    expect(within(totals).getByText('Last 10').nextSibling!.textContent).toBe(usd(0));
    screen.getByRole('tab', { name: 'Overall (2)' });
    screen.getByRole('tab', { name: 'Survivor (1)' });

    const cards = within(screen.getByRole('list', { name: 'Overall prizes' })).getAllByTestId('prize-card');
    expect(cards).toHaveLength(2);
    within(cards[0]!).getByText('Overall winner');
    within(cards[0]!).getByText(usd(1000));
    within(screen.getByRole('list', { name: 'Inactive Overall prizes' })).getByText('4th');

    openTab(/^Last 10/);
    await screen.findByText('No prizes configured for Last 10');
  });

  test('"Add First Prize" opens "Create New Prize" for that competition; the form checks its fields first', async () => {
    let prizes: Prize[] = [];
    fake.routes.set('GET /api/prizes?includeInactive=true', () => jsonResponse(200, prizes));
    fake.routes.set('POST /api/prizes', (request) => {
      prizes = [{ id: 'new', ...(JSON.parse(request.body!) as Omit<Prize, 'id'>) }];
      return jsonResponse(201, prizes[0]);
    });
    renderApp('/admin?tab=prizes', { user: admin });

    await screen.findByText('No prizes configured for Overall');
    openTab(/^Survivor/);
    fireEvent.click(await screen.findByRole('button', { name: 'Add First Prize' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Prize' });
    expect(within(dialog).getByRole('combobox', { name: 'Competition' }).textContent).toContain('Survivor');
    expect(within(dialog).getByRole('combobox', { name: 'Currency' }).textContent).toContain('USD');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    within(dialog).getByText('Position is required');
    within(dialog).getByText('Amount is required');
    fireEvent.change(within(dialog).getByLabelText(/^Position/), { target: { value: '2st' } });
    fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: '12.345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    within(dialog).getByText('Position must be Winner or a place such as 1st, 2nd or 3rd');
    within(dialog).getByText(
      'Amount must be a positive amount with at most 2 decimals, such as 100 or 99.50',
    );
    expect(writes(fake.calls)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/^Position/), { target: { value: 'Winner' } });
    fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: '750' } });
    fireEvent.change(within(dialog).getByLabelText(/^Description/), {
      target: { value: 'Last one standing' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    await screen.findByText('Prize created successfully');
    expect(writes(fake.calls)).toEqual([
      {
        method: 'POST',
        url: '/api/prizes',
        body: {
          competition: 'survivor',
          position: 'Winner',
          amount: '750',
          currency: 'USD',
          description: 'Last one standing',
          isActive: true,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByRole('tab', { name: 'Survivor (1)' });
  });

  test('Edit opens "Edit Prize" and sends an update; Cancel sends nothing', async () => {
    fake.routes.set('GET /api/prizes?includeInactive=true', () => jsonResponse(200, [aPrize('a')]));
    fake.routes.set('PATCH /api/prizes/a', (request) =>
      jsonResponse(200, { ...aPrize('a'), ...(JSON.parse(request.body!) as object) }),
    );
    renderApp('/admin?tab=prizes', { user: admin });

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Overall 1st' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Prize' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Edit Overall 1st' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Prize' });
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Amount/).value).toBe('1000.00');
    fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: '1200' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Active' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));

    await screen.findByText('Prize updated successfully');
    expect(writes(fake.calls)).toEqual([
      {
        method: 'PATCH',
        url: '/api/prizes/a',
        body: {
          competition: 'overall',
          position: '1st',
          amount: '1200',
          currency: 'USD',
          description: null,
          isActive: false,
        },
      },
    ]);
  });

  test('Delete asks first, then deletes', async () => {
    fake.routes.set('GET /api/prizes?includeInactive=true', () => jsonResponse(200, [aPrize('a')]));
    fake.routes.set('DELETE /api/prizes/a', () =>
      jsonResponse(200, { message: 'Prize deleted successfully' }),
    );
    renderApp('/admin?tab=prizes', { user: admin });

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Overall 1st' }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText('Delete this prize?');
    expect(writes(fake.calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Prize deleted successfully');
    expect(writes(fake.calls)).toEqual([{ method: 'DELETE', url: '/api/prizes/a', body: undefined }]);
  });
});

describe('prize form rules', () => {
  test('positions: Winner or a place with its own suffix', () => {
    for (const ok of ['Winner', 'winner', '1st', '2nd', '3rd', '4th', '11th', '21st', '2'])
      expect(isPrizePosition(ok)).toBe(true);
    for (const bad of ['2st', 'first', '0', '11st', 'Best newcomer'])
      expect(isPrizePosition(bad)).toBe(false);
  });

  test('amounts: positive, at most two decimals', () => {
    for (const ok of ['100', '99.5', '99.50', '0.01']) expect(isPrizeAmount(ok)).toBe(true);
    for (const bad of ['0', '0.00', '-5', '1.234', 'ten', '1e3']) expect(isPrizeAmount(bad)).toBe(false);
  });
});
