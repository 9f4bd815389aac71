import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../../shared/domain/domain-error.js';
import {
  decideChangeTemplate,
  defaultTemplates,
  formatDeadline,
  isTimeZone,
  mailTemplatesModel,
  render,
  textToHtml,
  validateTemplate,
  type MailTemplatesEvent,
} from './templates.js';

const refusal = (run: () => unknown): { code: string; message: string } => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('not refused');
};
const fresh = () => mailTemplatesModel.initialState();

describe('mail templates: what an admin is told', () => {
  it('names the unknown placeholder, the part and the kind, and lists what the kind fills', () => {
    expect(refusal(() => validateTemplate('welcome', { subject: 'x', text: 'Due {{deadline}}' }))).toEqual({
      code: 'TEMPLATE_PLACEHOLDER_UNKNOWN',
      message:
        'The text uses {{deadline}}, which welcome e-mails do not have. Use one of: {{user_name}}, {{user_email}}, ' +
        '{{user_score}}, {{user_rank}}, {{period_number}}, {{period_name}}, {{choices_made}}, {{referral_link}}.',
    });
  });

  it('explains an unmatched brace, also one left next to a placeholder', () => {
    const unmatched = {
      code: 'TEMPLATE_PLACEHOLDER_UNKNOWN',
      message: 'The subject has an unmatched "{{" or "}}": write placeholders as {{user_name}}.',
    };
    expect(refusal(() => validateTemplate('welcome', { subject: 'Hi {{user_name', text: 'x' }))).toEqual(
      unmatched,
    );
    // Stray braces either side of a placeholder are still stray once it is filled in.
    expect(refusal(() => validateTemplate('welcome', { subject: '{{{user_name}}{', text: 'x' }))).toEqual(
      unmatched,
    );
    expect(refusal(() => validateTemplate('welcome', { subject: '}{{user_name}}}', text: 'x' }))).toEqual(
      unmatched,
    );
  });

  it('refuses an empty subject or an empty text, and a subject of two lines, saying why', () => {
    expect(
      refusal(() => decideChangeTemplate(fresh(), { kind: 'welcome', subject: 'Hi', text: ' \n ' })),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'A template needs a subject and a text.',
    });
    expect(refusal(() => decideChangeTemplate(fresh(), { kind: 'welcome', subject: '', text: 'x' }))).toEqual(
      {
        code: 'VALIDATION_FAILED',
        message: 'A template needs a subject and a text.',
      },
    );
    expect(
      refusal(() => decideChangeTemplate(fresh(), { kind: 'welcome', subject: 'a\rb', text: 'x' })),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The subject must be one line.',
    });
  });
});

describe('mail templates: changes', () => {
  it('stores old Mac line ends (a lone CR) as line breaks', () => {
    expect(decideChangeTemplate(fresh(), { kind: 'welcome', subject: 'Hi', text: 'One\rTwo' })).toEqual([
      { type: 'MailTemplateChanged', data: { kind: 'welcome', subject: 'Hi', text: 'One\nTwo' } },
    ]);
  });

  it('records a change of only the subject or only the text', () => {
    const { subject, text } = defaultTemplates.welcome;
    expect(decideChangeTemplate(fresh(), { kind: 'welcome', subject: 'Hello', text })).toEqual([
      { type: 'MailTemplateChanged', data: { kind: 'welcome', subject: 'Hello', text } },
    ]);
    expect(decideChangeTemplate(fresh(), { kind: 'welcome', subject, text: 'Hello' })).toEqual([
      { type: 'MailTemplateChanged', data: { kind: 'welcome', subject, text: 'Hello' } },
    ]);
  });

  it('refuses to fold an event it does not know', () => {
    expect(() =>
      mailTemplatesModel.evolve(fresh(), {
        type: 'MailTemplateRenamed',
        data: {},
      } as unknown as MailTemplatesEvent),
    ).toThrow('Unexpected value');
  });
});

describe('mail templates: rendering', () => {
  it('trims a subject that starts or ends with an empty value', () => {
    expect(
      render({ subject: '{{user_rank}} Results {{user_score}}', text: 'x' }, {
        user_rank: '',
        user_score: '',
      } as never).subject,
    ).toBe('Results');
  });

  it('drops the spaces before a line break and the blank lines an empty value leaves at the end', () => {
    expect(
      render({ subject: 'x', text: 'Hi {{user_name}}  \t\nPicks: {{your_picks}} \nBye\n\n{{still_open}}' }, {
        user_name: 'Ann',
        your_picks: '',
        still_open: '',
      } as never).text,
    ).toBe('Hi Ann\nPicks:\nBye');
  });

  it('makes http and https links clickable in the HTML part', () => {
    expect(textToHtml('See http://pool.test/a and https://pool.test/b')).toBe(
      '<p>See <a href="http://pool.test/a">http://pool.test/a</a> and <a href="https://pool.test/b">https://pool.test/b</a></p>',
    );
  });

  it("shows the deadline in the player's time zone, UTC when it is unknown", () => {
    const deadline = new Date('2026-08-15T10:30:00Z');
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(formatDeadline(deadline, 'Europe/London')).toBe('Sat 15 Aug, 11:30 (Europe/London)');
    expect(formatDeadline(deadline, 'Mars/Olympus')).toBe('Sat 15 Aug, 10:30 (UTC)');
    expect(formatDeadline(deadline, null)).toBe('Sat 15 Aug, 10:30 (UTC)');
  });
});
