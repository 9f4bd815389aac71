import { Command, Query } from '@nestjs/cqrs';
import type { MailTemplateKind } from '@treble/contracts';

export interface RenderedMail {
  subject: string;
  text: string;
}

/**
 * Notifications answers: this e-mail in the pool's wording (the admin-editable template of its
 * kind), the spec's variables filled for the account `userId` as things stand, then `values` on
 * top. Accounts asks it for the invitation mail (`userId` is the inviting admin).
 */
export class RenderMailQuery extends Query<RenderedMail> {
  constructor(
    readonly kind: MailTemplateKind,
    readonly userId: string,
    readonly values: Record<string, string>,
  ) {
    super();
  }
}

/**
 * Notifications mails a new account its welcome (template `welcome`) when e-mail is set up;
 * accounts sends it once the account exists. Answers whether a mail went out.
 */
export class SendWelcomeMailCommand extends Command<boolean> {
  constructor(readonly userId: string) {
    super();
  }
}
