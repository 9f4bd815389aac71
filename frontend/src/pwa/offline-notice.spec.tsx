import { afterEach, expect, test } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { OfflineNotice } from './offline-notice';

const original = Object.getOwnPropertyDescriptor(window.navigator, 'onLine');
function setOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => value });
}
afterEach(() => {
  if (original) Object.defineProperty(window.navigator, 'onLine', original);
  else setOnline(true);
});

test('says so while offline and goes away once back online', () => {
  setOnline(true);
  render(<OfflineNotice />);
  expect(screen.queryByTestId('offline-notice')).toBeNull();
  act(() => {
    setOnline(false);
    window.dispatchEvent(new Event('offline'));
  });
  screen.getByText('You are offline.');
  act(() => {
    setOnline(true);
    window.dispatchEvent(new Event('online'));
  });
  expect(screen.queryByTestId('offline-notice')).toBeNull();
});

test('says so when an API call gets no answer, until one does', async () => {
  const { reportServerReachable } = await import('./network-status');
  render(<OfflineNotice />);
  expect(screen.queryByTestId('offline-notice')).toBeNull();
  act(() => reportServerReachable(false));
  screen.getByText('You are offline.');
  act(() => reportServerReachable(true));
  expect(screen.queryByTestId('offline-notice')).toBeNull();
});
