/**
 * The mail templates of the Email Alerts tab (docs/rules.md, Screens: `welcome | reminder | results | invite`) and
 * their variables. `{{name}}` is replaced; HTML parts escape every value.
 */
import { ErrorCodes, mailTemplateKinds, type MailTemplateKind } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';
import { assertNever, type DomainEvent } from '../../shared/domain/event.js';

export const templateKinds = mailTemplateKinds;
export type TemplateKind = MailTemplateKind;

/** The spec's variables: every kind of e-mail fills them all (for `invite`, `user_*` is the inviter). */
export const templateVariables = [
  'user_name',
  'user_email',
  'user_score',
  'user_rank',
  'period_number',
  'period_name',
  'choices_made',
  'referral_link',
] as const;

/**
 * What a kind fills beyond the spec's variables: the reminder's deadline and what is still open
 * (the issue asks for both), the digest's standings, the invitation's lifetime.
 */
const kindVariables = {
  welcome: [],
  reminder: ['picks_needed', 'picks_left', 'deadline', 'your_picks', 'still_open'],
  results: ['standings'],
  invite: ['invite_days'],
} as const satisfies Record<TemplateKind, readonly string[]>;

export type TemplateValues<K extends TemplateKind = TemplateKind> = Record<
  (typeof templateVariables)[number] | (typeof kindVariables)[K][number],
  string
>;

export function placeholdersOf(kind: TemplateKind): string[] {
  return [...templateVariables, ...kindVariables[kind]];
}

export interface MailTemplate {
  subject: string;
  /** Plain-text body; the HTML part is made from it (paragraphs, links). */
  text: string;
}

export const defaultTemplates: Record<TemplateKind, MailTemplate> = {
  welcome: {
    subject: 'Welcome to the pool, {{user_name}}',
    text: 'Hi {{user_name}},\n\nyou are in! Pick three teams every matchweek: a win scores 3, a draw 1. Next up: {{period_name}}.\n\nInvite friends with your link: {{referral_link}}',
  },
  reminder: {
    subject: '{{period_name}}: {{choices_made}} of {{picks_needed}} picks made, deadline {{deadline}}',
    text: 'Hi {{user_name}},\n\nyou have made {{choices_made}} of your {{picks_needed}} picks for {{period_name}}. {{picks_left}} still open.\nFirst deadline: {{deadline}}.\n\n{{your_picks}}\n\n{{still_open}}',
  },
  results: {
    subject: '{{period_name}} results: you scored {{user_score}}',
    text: 'Hi {{user_name}},\n\n{{period_name}} is complete: you scored {{user_score}} points with {{choices_made}} picks.\n\n{{standings}}',
  },
  invite: {
    subject: '{{user_name}} invites you to a Premier League prediction pool',
    text: '{{user_name}} invites you to join their Premier League prediction pool on Treble.\n\nPick three teams every matchweek and compete in three competitions at once: Overall, Survivor and Last 10.\n\nCreate your account here (the link works once and expires in {{invite_days}} days):\n{{referral_link}}',
  },
};

const placeholderPattern = /\{\{\s*([A-Za-z0-9_]*)\s*\}\}/g;

/**
 * Checks an admin's template: every `{{name}}` is one this kind fills, and no `{{` or `}}` is left
 * unmatched (a typo that would reach every player verbatim).
 */
export function validateTemplate(kind: TemplateKind, template: MailTemplate): void {
  const allowed = new Set(placeholdersOf(kind));
  for (const [part, value] of [
    ['subject', template.subject],
    ['text', template.text],
  ] as const) {
    for (const match of value.matchAll(placeholderPattern)) {
      if (!allowed.has(match[1]!)) {
        throw new DomainError(
          ErrorCodes.TEMPLATE_PLACEHOLDER_UNKNOWN,
          `The ${part} uses {{${match[1]}}}, which ${kind} e-mails do not have. Use one of: ${[...allowed].map((name) => `{{${name}}}`).join(', ')}.`,
        );
      }
    }
    const rest = value.replace(placeholderPattern, '');
    if (rest.includes('{{') || rest.includes('}}')) {
      throw new DomainError(
        ErrorCodes.TEMPLATE_PLACEHOLDER_UNKNOWN,
        `The ${part} has an unmatched "{{" or "}}": write placeholders as {{user_name}}.`,
      );
    }
  }
}

export function fill(template: string, values: Partial<Record<string, string>>): string {
  return template.replace(placeholderPattern, (match, name: string) => values[name] ?? match);
}

/** The e-mail a template makes: values filled in, the blank lines of empty parts closed up. */
export function render<K extends TemplateKind>(
  template: MailTemplate,
  values: TemplateValues<K>,
): MailTemplate {
  return {
    subject: fill(template.subject, values).replace(/\s+/g, ' ').trim(),
    text: fill(template.text, values)
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
  };
}

// ---------- The pool's templates, changed by admins through the log ----------

/** One stream for the pool's templates: every change is an event with the admin who made it. */
export const mailTemplatesStreamId = 'notification-templates';

export type MailTemplatesEvent =
  | DomainEvent<'MailTemplateChanged', { kind: TemplateKind; subject: string; text: string }>
  | DomainEvent<'MailTemplateReset', { kind: TemplateKind }>;

export type MailTemplatesState = Map<TemplateKind, MailTemplate>;

export const mailTemplatesModel = {
  initialState: (): MailTemplatesState => new Map(),
  evolve(state: MailTemplatesState, event: MailTemplatesEvent): MailTemplatesState {
    const next = new Map(state);
    switch (event.type) {
      case 'MailTemplateChanged':
        next.set(event.data.kind, { subject: event.data.subject, text: event.data.text });
        return next;
      case 'MailTemplateReset':
        next.delete(event.data.kind);
        return next;
      default:
        return assertNever(event);
    }
  },
};

export function templateOf(state: MailTemplatesState, kind: TemplateKind): MailTemplate {
  return state.get(kind) ?? defaultTemplates[kind];
}

/** An admin's new wording (validated); nothing when it is what the pool already uses. */
export function decideChangeTemplate(
  state: MailTemplatesState,
  command: { kind: TemplateKind; subject: string; text: string },
): MailTemplatesEvent[] {
  const template = { subject: command.subject.trim(), text: command.text.replace(/\r\n?/g, '\n').trim() };
  if (template.subject === '' || template.text === '') {
    throw new DomainError(ErrorCodes.VALIDATION_FAILED, 'A template needs a subject and a text.');
  }
  if (/[\r\n]/.test(template.subject)) {
    throw new DomainError(ErrorCodes.VALIDATION_FAILED, 'The subject must be one line.');
  }
  validateTemplate(command.kind, template);
  const current = templateOf(state, command.kind);
  if (current.subject === template.subject && current.text === template.text) return [];
  return [{ type: 'MailTemplateChanged', data: { kind: command.kind, ...template } }];
}

/** Back to Treble's wording; nothing when the pool already uses it. */
export function decideResetTemplate(
  state: MailTemplatesState,
  command: { kind: TemplateKind },
): MailTemplatesEvent[] {
  return state.has(command.kind) ? [{ type: 'MailTemplateReset', data: { kind: command.kind } }] : [];
}

export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Paragraphs from blank lines, line breaks kept, bare http(s) links made clickable. */
export function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map(
      (paragraph) =>
        `<p>${escapeHtml(paragraph)
          .replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')
          .replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n');
}

/** The deadline as the player reads it, in their time zone (UTC when unknown or invalid). */
export function formatDeadline(deadline: Date, timeZone: string | null): string {
  const zone = timeZone && isTimeZone(timeZone) ? timeZone : 'UTC';
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(deadline);
  return `${text} (${zone})`;
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return value.length <= 64;
  } catch {
    return false;
  }
}
