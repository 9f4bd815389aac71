import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../../shared/domain/domain-error.js';
import {
  decideChangeTemplate,
  decideResetTemplate,
  defaultTemplates,
  mailTemplatesModel,
  placeholdersOf,
  render,
  templateKinds,
  templateOf,
  validateTemplate,
  type MailTemplatesEvent,
} from './templates.js';

const given = (...events: MailTemplatesEvent[]) =>
  events.reduce(mailTemplatesModel.evolve, mailTemplatesModel.initialState());
const changed = (kind: 'reminder' | 'welcome', subject: string, text: string): MailTemplatesEvent => ({
  type: 'MailTemplateChanged',
  data: { kind, subject, text },
});
const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
  return 'no error';
};

describe('mail templates', () => {
  it('every default uses only the placeholders its kind fills', () => {
    for (const kind of templateKinds)
      expect(codeOf(() => validateTemplate(kind, defaultTemplates[kind]))).toBe('no error');
  });

  it('refuses a placeholder of another kind, a misspelt one and unmatched braces', () => {
    expect(placeholdersOf('welcome')).not.toContain('deadline');
    expect(codeOf(() => validateTemplate('welcome', { subject: 'x', text: '{{deadline}}' }))).toBe(
      'TEMPLATE_PLACEHOLDER_UNKNOWN',
    );
    expect(codeOf(() => validateTemplate('reminder', { subject: '{{ user_nam }}', text: 'x' }))).toBe(
      'TEMPLATE_PLACEHOLDER_UNKNOWN',
    );
    expect(codeOf(() => validateTemplate('reminder', { subject: 'x', text: 'Hi {{user_name}' }))).toBe(
      'TEMPLATE_PLACEHOLDER_UNKNOWN',
    );
    expect(codeOf(() => validateTemplate('reminder', { subject: 'x', text: 'Hi user_name}}' }))).toBe(
      'TEMPLATE_PLACEHOLDER_UNKNOWN',
    );
    expect(codeOf(() => validateTemplate('reminder', { subject: 'x', text: 'Hi {{ user_name }}' }))).toBe(
      'no error',
    );
  });

  it('fills values, closes the blank lines of empty parts and keeps the subject on one line', () => {
    const mail = render(
      {
        subject: '{{period_name}}\n  closes',
        text: 'Hi {{user_name}},\n\n{{your_picks}}\n\n{{still_open}}\n\nBye',
      },
      {
        period_name: 'Matchweek 3',
        user_name: 'Ann',
        your_picks: '',
        still_open: '- Arsenal',
      } as never,
    );
    expect(mail).toEqual({ subject: 'Matchweek 3 closes', text: 'Hi Ann,\n\n- Arsenal\n\nBye' });
  });

  it('decides a change once, with the wording trimmed, and a reset only of a changed template', () => {
    expect(
      decideChangeTemplate(given(), { kind: 'reminder', subject: ' Hi ', text: 'Yo\r\n{{user_name}} ' }),
    ).toEqual([changed('reminder', 'Hi', 'Yo\n{{user_name}}')]);
    const state = given(changed('reminder', 'Hi', 'Yo'));
    expect(templateOf(state, 'reminder')).toEqual({ subject: 'Hi', text: 'Yo' });
    expect(templateOf(state, 'welcome')).toEqual(defaultTemplates.welcome);
    expect(decideChangeTemplate(state, { kind: 'reminder', subject: 'Hi', text: 'Yo' })).toEqual([]);
    expect(decideChangeTemplate(given(), { kind: 'welcome', ...defaultTemplates.welcome })).toEqual([]);
    expect(codeOf(() => decideChangeTemplate(state, { kind: 'reminder', subject: ' ', text: 'x' }))).toBe(
      'VALIDATION_FAILED',
    );
    expect(codeOf(() => decideChangeTemplate(state, { kind: 'reminder', subject: 'a\nb', text: 'x' }))).toBe(
      'VALIDATION_FAILED',
    );
    expect(decideResetTemplate(state, { kind: 'welcome' })).toEqual([]);
    expect(decideResetTemplate(state, { kind: 'reminder' })).toEqual([
      { type: 'MailTemplateReset', data: { kind: 'reminder' } },
    ]);
    expect(
      templateOf(
        given(changed('reminder', 'Hi', 'Yo'), { type: 'MailTemplateReset', data: { kind: 'reminder' } }),
        'reminder',
      ),
    ).toEqual(defaultTemplates.reminder);
  });
});
