import { describe, expect, it } from '@jest/globals';
import { assertNever, metadataFor } from './event.js';

describe('event metadata', () => {
  const now = new Date('2026-08-15T10:30:00.000Z');

  it('records who acted, when, from where, and in answer to what', () => {
    expect(
      metadataFor({ actor: 'u1', source: 'admin', now, correlationId: 'corr-1', causationId: 'cause-1' }),
    ).toEqual({
      actor: 'u1',
      correlationId: 'corr-1',
      causationId: 'cause-1',
      occurredAt: '2026-08-15T10:30:00.000Z',
      source: 'admin',
    });
  });

  it('records no cause for a command nothing caused', () => {
    expect(
      metadataFor({ actor: 'system', source: 'system', now, correlationId: 'c' }).causationId,
    ).toBeNull();
  });
});

describe('assertNever', () => {
  it('fails loudly, naming the value a switch did not expect', () => {
    expect(() => assertNever({ type: 'Unknown' } as never)).toThrow('Unexpected value: {"type":"Unknown"}');
  });
});
