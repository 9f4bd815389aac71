import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailTemplateKind, MailTemplateView } from '@treble/contracts';
import { useId, useState, type FormEvent } from 'react';
import { MailFields } from './mail-fields';
import { mailTemplatesQueryOptions, saveMailTemplateMutationOptions } from '../../api/notifications';
import { ErrorNotice, problem } from '../auth/form-controls';

const kindLabels: Record<MailTemplateKind, string> = {
  welcome: 'Welcome (a new account)',
  reminder: 'Reminder (before a deadline)',
  results: 'Results (a matchweek completes)',
  invite: 'Invitation (Send Invite)',
};

/**
 * Email Alerts › Templates (admins): the wording of every e-mail the pool writes, with the
 * placeholders each kind fills. The server checks the placeholders and keeps each change, with the
 * admin who made it, in the event history.
 */
export function MailTemplatesEditor() {
  const templates = useQuery(mailTemplatesQueryOptions());
  const [kind, setKind] = useState<MailTemplateKind>('reminder');
  const selectId = useId();
  if (templates.isPending) return <p className="muted">Loading the templates…</p>;
  if (templates.isError) return <ErrorNotice error={templates.error} />;
  const current = templates.data.find((template) => template.kind === kind) ?? templates.data[0]!;
  return (
    <section aria-labelledby={`${selectId}-title`}>
      <h3 id={`${selectId}-title`}>Templates</h3>
      <p className="muted">
        Every e-mail the pool sends is written from these. A <code>{'{{placeholder}}'}</code> is replaced by
        the recipient&apos;s own value when it goes out.
      </p>
      <label className="field" htmlFor={selectId}>
        <span className="field__label">Template</span>
        <select
          id={selectId}
          className="select"
          value={current.kind}
          onChange={(event) => setKind(event.target.value as MailTemplateKind)}
        >
          {templates.data.map((template) => (
            <option key={template.kind} value={template.kind}>
              {kindLabels[template.kind]}
              {template.customized ? ' (edited)' : ''}
            </option>
          ))}
        </select>
      </label>
      {/* A new form per template: the draft starts from what the pool uses. */}
      <TemplateForm key={current.kind} template={current} />
    </section>
  );
}

function TemplateForm({ template }: { template: MailTemplateView }) {
  const queryClient = useQueryClient();
  const save = useMutation(saveMailTemplateMutationOptions(queryClient));
  const [subject, setSubject] = useState(template.subject);
  const [text, setText] = useState(template.text);
  const changed = subject !== template.subject || text !== template.text;
  // The server's wording after a save or a reset (it trims) becomes the draft.
  const adopt = (saved: MailTemplateView) => {
    setSubject(saved.subject);
    setText(saved.text);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ kind: template.kind, template: { subject, text } }, { onSuccess: adopt });
  };
  return (
    <form className="form" onSubmit={submit} aria-label={`${kindLabels[template.kind]} template`}>
      <MailFields
        subject={subject}
        onSubject={setSubject}
        text={text}
        onText={setText}
        textLabel="Text"
        rows={8}
      />
      <p className="muted">
        Placeholders:{' '}
        {template.placeholders.map((name, index) => (
          <span key={name}>
            {index > 0 ? ', ' : ''}
            <code>{`{{${name}}}`}</code>
          </span>
        ))}
      </p>
      {save.isError && (
        <p className="notice notice--error" role="alert">
          {problem(save.error)}
        </p>
      )}
      {save.isSuccess && !changed && (
        <p className="notice" role="status">
          {save.data.customized ? 'Template saved.' : "Back to Treble's wording."}
        </p>
      )}
      <div className="link-box">
        <button type="submit" className="button button--primary" disabled={save.isPending || !changed}>
          Save template
        </button>
        <button
          type="button"
          className="button"
          disabled={save.isPending || !template.customized}
          onClick={() => save.mutate({ kind: template.kind, template: null }, { onSuccess: adopt })}
        >
          Reset to default
        </button>
      </div>
    </form>
  );
}
