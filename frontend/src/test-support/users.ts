import type { User } from '@treble/contracts';

export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: '5f0c1c9e-4a5b-4c1d-9a53-8f1d1f0a0001',
    email: 'ann.player@example.com',
    firstName: 'Ann',
    lastName: 'Player',
    profileImageUrl: null,
    isAdmin: false,
    createdAt: '2025-08-01T12:00:00.000Z',
    ...overrides,
  };
}

export function anAdmin(overrides: Partial<User> = {}): User {
  return aUser({
    id: '5f0c1c9e-4a5b-4c1d-9a53-8f1d1f0a0002',
    email: 'host@example.com',
    firstName: 'Pat',
    lastName: 'Host',
    isAdmin: true,
    ...overrides,
  });
}
