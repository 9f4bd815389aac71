import { Inject, Injectable } from '@nestjs/common';
import type { MailTemplateView } from '@treble/contracts';
import { decideAndAppend } from '../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port.js';
import { loadAggregate } from '../event-store/read-stream.js';
import { metadataFor, type CommandContext } from '../shared/domain/event.js';
import {
  decideChangeTemplate,
  decideResetTemplate,
  defaultTemplates,
  mailTemplatesModel,
  mailTemplatesStreamId,
  placeholdersOf,
  render,
  templateKinds,
  templateOf,
  type MailTemplate,
  type MailTemplatesEvent,
  type MailTemplatesState,
  type TemplateKind,
  type TemplateValues,
} from './domain/templates.js';

/**
 * The pool's mail templates. Their state is folded from their one stream (an admin's handful of
 * edits, read whole), so an e-mail always uses the wording last saved, with no read table to lag.
 */
@Injectable()
export class MailTemplates {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async state(): Promise<MailTemplatesState> {
    return (await loadAggregate(this.eventStore, mailTemplatesStreamId, mailTemplatesModel)).state;
  }

  async render<K extends TemplateKind>(kind: K, values: TemplateValues<K>): Promise<MailTemplate> {
    return render(templateOf(await this.state(), kind), values);
  }

  async list(): Promise<MailTemplateView[]> {
    const state = await this.state();
    return templateKinds.map((kind) => {
      const current = templateOf(state, kind);
      return {
        kind,
        subject: current.subject,
        text: current.text,
        placeholders: placeholdersOf(kind),
        customized: state.has(kind),
        defaultSubject: defaultTemplates[kind].subject,
        defaultText: defaultTemplates[kind].text,
      };
    });
  }

  async change(kind: TemplateKind, template: MailTemplate, context: CommandContext): Promise<void> {
    await this.decide((state) => decideChangeTemplate(state, { kind, ...template }), context);
  }

  async reset(kind: TemplateKind, context: CommandContext): Promise<void> {
    await this.decide((state) => decideResetTemplate(state, { kind }), context);
  }

  private async decide(
    decide: (state: MailTemplatesState) => MailTemplatesEvent[],
    context: CommandContext,
  ): Promise<void> {
    await decideAndAppend(
      this.eventStore,
      mailTemplatesStreamId,
      mailTemplatesModel,
      decide,
      metadataFor(context),
    );
  }
}
