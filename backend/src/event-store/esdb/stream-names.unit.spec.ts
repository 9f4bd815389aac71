import { describe, expect, it } from '@jest/globals';
import { fromEsdbStreamName, isSystemEvent, toEsdbStreamName } from './stream-names.js';

describe('EventStoreDB stream names', () => {
  it('keeps ordinary stream ids as they are', () => {
    expect(toEsdbStreamName('user-8f0c')).toBe('user-8f0c');
    expect(toEsdbStreamName('season')).toBe('season');
    expect(fromEsdbStreamName('picks-1')).toBe('picks-1');
  });

  it('never produces a reserved $ name, and maps every id back to itself', () => {
    for (const id of ['$settings', '$$meta', '~x', '~~y', '$', 'a$b', 'plain']) {
      const name = toEsdbStreamName(id);
      expect(name.startsWith('$')).toBe(false);
      expect(fromEsdbStreamName(name)).toBe(id);
    }
    expect(toEsdbStreamName('$settings')).toBe('~$settings');
    expect(toEsdbStreamName('~x')).toBe('~~x');
  });

  it('refuses an empty stream id', () => {
    expect(() => toEsdbStreamName('')).toThrow('must not be empty');
  });

  it('tells EventStoreDB system events apart by their stream or type', () => {
    expect(isSystemEvent('$settings', '$settings')).toBe(true);
    expect(isSystemEvent('$stats-127.0.0.1:2113', '$statsCollected')).toBe(true);
    expect(isSystemEvent('user-1', '$>')).toBe(true);
    expect(isSystemEvent('user-1', 'UserRegistered')).toBe(false);
    expect(isSystemEvent('~$odd', 'Thing')).toBe(false);
  });
});
