import { fireEvent, screen } from '@testing-library/react';
import type { RecordedRequest } from './fake-fetch';

/**
 * jsdom lacks the pointer-capture, scrolling and resize-observing APIs Radix Select and Switch
 * call; harmless no-ops let the real components work in tests.
 */
export function supportRadixSelect(): void {
  const proto = Element.prototype as unknown as Record<string, unknown>;
  proto.scrollIntoView ??= () => {};
  proto.hasPointerCapture ??= () => false;
  proto.releasePointerCapture ??= () => {};
  proto.setPointerCapture ??= () => {};
  // Radix measures a Switch inside a form (its hidden input) with a ResizeObserver.
  const scope = globalThis as unknown as Record<string, unknown>;
  scope.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/** Opens the Radix Select labelled `label` and chooses the option whose text matches `option`. */
export async function choose(label: string, option: string | RegExp): Promise<void> {
  fireEvent.click(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** The writes a test's fake fetch received, with parsed bodies. */
export function writes(calls: RecordedRequest[]) {
  return calls
    .filter((call) => call.method !== 'GET')
    .map((call) => ({
      method: call.method,
      url: call.url,
      body: call.body === undefined ? undefined : (JSON.parse(call.body) as unknown),
    }));
}
