/**
 * The mail templates of the Email Alerts tab (docs/rules.md, Screens: `welcome | reminder | results | invite`) and
 * their variables. `{{name}}` is replaced; HTML parts escape every value.
 */
export const templateKinds = ['welcome', 'reminder', 'results', 'invite'] as const;
export type TemplateKind = (typeof templateKinds)[number];

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
export type TemplateVariable = (typeof templateVariables)[number];
export type TemplateValues = Record<TemplateVariable, string>;

export interface MailTemplate {
  subject: string;
  /** Plain-text body; the HTML part is made from it (paragraphs, links). */
  text: string;
}

export const defaultTemplates: Record<TemplateKind, MailTemplate> = {
  welcome: {
    subject: 'Welcome to the pool, {{user_name}}',
    text: 'Hi {{user_name}},\n\nyou are in! Pick three teams every matchweek: a win scores 3, a draw 1.\n\nInvite friends with your link: {{referral_link}}',
  },
  reminder: {
    subject: '{{period_name}}: {{choices_made}} of 3 picks made',
    text: 'Hi {{user_name}},\n\nyou have made {{choices_made}} of your 3 picks for {{period_name}}.',
  },
  results: {
    subject: '{{period_name}} results: you scored {{user_score}}',
    text: 'Hi {{user_name}},\n\n{{period_name}} is complete. You scored {{user_score}} points and are ranked {{user_rank}} overall.',
  },
  invite: {
    subject: '{{user_name}} invites you to a Premier League prediction pool',
    text: '{{user_name}} invites you to their Premier League prediction pool on Treble.\n\nJoin here: {{referral_link}}',
  },
};

export function fill(template: string, values: Partial<TemplateValues>): string {
  return template.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (match, name: string) =>
    name in values ? (values[name as TemplateVariable] ?? '') : match,
  );
}

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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
