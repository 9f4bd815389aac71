import { useId } from 'react';

/** A mail's subject line and text, as the one-off message and the template editor both ask for them. */
export function MailFields({
  subject,
  onSubject,
  text,
  onText,
  textLabel,
  rows,
}: {
  subject: string;
  onSubject: (subject: string) => void;
  text: string;
  onText: (text: string) => void;
  textLabel: string;
  rows: number;
}) {
  const ids = { subject: useId(), text: useId() };
  return (
    <>
      <label className="field" htmlFor={ids.subject}>
        <span className="field__label">Subject</span>
        <input
          id={ids.subject}
          required
          maxLength={200}
          value={subject}
          onChange={(event) => onSubject(event.target.value)}
        />
      </label>
      <label className="field" htmlFor={ids.text}>
        <span className="field__label">{textLabel}</span>
        <textarea
          id={ids.text}
          required
          maxLength={10000}
          rows={rows}
          value={text}
          onChange={(event) => onText(event.target.value)}
        />
      </label>
    </>
  );
}
