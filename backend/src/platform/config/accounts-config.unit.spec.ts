import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './config.js';

describe('accounts configuration', () => {
  it('defaults to an invitation-only pool, non-Secure cookies, 14 idle / 30 absolute days and no mail', () => {
    expect(loadConfig({}).accounts).toEqual({
      adminEmails: [],
      registration: 'invite',
      poolCreation: 'owner',
      cookieSecure: false,
      sessionIdleMinutes: 14 * 24 * 60,
      sessionAbsoluteMinutes: 30 * 24 * 60,
      smtpUrl: null,
      mailFrom: 'Treble <no-reply@localhost>',
      trustProxyHops: 0,
      profileImageHosts: [
        'gravatar.com',
        'www.gravatar.com',
        'secure.gravatar.com',
        'avatars.githubusercontent.com',
      ],
    });
  });

  it('reads every setting, normalizing ADMIN_EMAILS', () => {
    const { accounts } = loadConfig({
      ADMIN_EMAILS: ' Boss@Example.com,deputy@example.com,, boss@example.com ',
      REGISTRATION: 'open',
      POOL_CREATION: 'anyone',
      COOKIE_SECURE: 'true',
      SESSION_IDLE_MINUTES: '60',
      SESSION_ABSOLUTE_MINUTES: '120',
      SMTP_URL: 'smtps://user:secret@mail.example:465',
      PUBLIC_URL: 'https://pool.example',
      TRUST_PROXY_HOPS: '1',
      PROFILE_IMAGE_HOSTS: ' Images.Example.com ,cdn.example.org,images.example.com',
    });
    expect(accounts).toEqual({
      adminEmails: ['boss@example.com', 'deputy@example.com'],
      registration: 'open',
      poolCreation: 'anyone',
      cookieSecure: true,
      sessionIdleMinutes: 60,
      sessionAbsoluteMinutes: 120,
      smtpUrl: 'smtps://user:secret@mail.example:465',
      mailFrom: 'Treble <no-reply@pool.example>',
      trustProxyHops: 1,
      profileImageHosts: ['images.example.com', 'cdn.example.org'],
    });
    expect(loadConfig({ PROFILE_IMAGE_HOSTS: 'none' }).accounts.profileImageHosts).toEqual([]);
  });

  it.each([
    [
      { ADMIN_EMAILS: 'boss@example.com, nobody' },
      'ADMIN_EMAILS must be a comma-separated list of e-mail addresses, got "nobody"',
    ],
    [{ REGISTRATION: 'closed' }, 'REGISTRATION must be one of invite, open'],
    [{ POOL_CREATION: 'admins' }, 'POOL_CREATION must be one of owner, anyone'],
    [{ COOKIE_SECURE: 'yes' }, 'COOKIE_SECURE must be true or false, got "yes"'],
    [
      { SESSION_IDLE_MINUTES: '600', SESSION_ABSOLUTE_MINUTES: '60' },
      'SESSION_ABSOLUTE_MINUTES must not be shorter than SESSION_IDLE_MINUTES (600)',
    ],
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL must start with smtp:// or smtps://'],
    [
      { SMTP_URL: 'smtp://mail.example:25' },
      'Invalid configuration: PUBLIC_URL must be set when SMTP_URL is: links in e-mails point to it',
    ],
    [{ MAIL_FROM: 'Treble' }, 'MAIL_FROM must contain an e-mail address'],
    [
      { PROFILE_IMAGE_HOSTS: 'images.example.com,https://cdn.example.org' },
      'PROFILE_IMAGE_HOSTS must be a comma-separated list of host names (or none), got "https://cdn.example.org"',
    ],
    [
      { PROFILE_IMAGE_HOSTS: '127.0.0.1' },
      'PROFILE_IMAGE_HOSTS must be a comma-separated list of host names',
    ],
  ])('stops on %j naming the variable', (env, message) => {
    expect(() => loadConfig(env as Record<string, string>)).toThrow(ConfigError);
    expect(() => loadConfig(env as Record<string, string>)).toThrow(message);
  });
});
