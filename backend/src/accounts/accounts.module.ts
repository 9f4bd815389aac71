import { MemberActiveQuestionHandler } from './queries/users/member-active-question.handler.js';
import { Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { createMailer, MAILER } from '../platform/mail/mailer.js';
import { AccessGuard } from './access/access.guard.js';
import { RouteInventory } from './access/route-inventory.js';
import { ChangePasswordController } from './commands/change-password/change-password.http.controller.js';
import { CreateInvitationHandler } from './commands/create-invitation/create-invitation.handler.js';
import { IssueReferralInvitationHandler } from './commands/create-invitation/referral-invitation.handler.js';
import { CreateInvitationController } from './commands/create-invitation/create-invitation.http.controller.js';
import { ManageMembersController } from './commands/manage-members/manage-members.http.controller.js';
import { MemberManagement } from './commands/manage-members/manage-members.js';
import { PasswordResetController } from './commands/reset-password/password-reset.http.controller.js';
import { PasswordResets } from './commands/reset-password/password-resets.js';
import { ReferralInvitationController } from './commands/create-invitation/referral-invitation.http.controller.js';
import { RegisterHandler } from './commands/register/register.handler.js';
import { RegisterController } from './commands/register/register.http.controller.js';
import { RevokeInvitationHandler } from './commands/revoke-invitation/revoke-invitation.handler.js';
import { RevokeInvitationController } from './commands/revoke-invitation/revoke-invitation.http.controller.js';
import { SendInvitationController } from './commands/send-invitation/send-invitation.http.controller.js';
import { SetAdminHandler } from './commands/set-admin/set-admin.handler.js';
import { SetAdminController } from './commands/set-admin/set-admin.http.controller.js';
import { SignInController } from './commands/sign-in/sign-in.http.controller.js';
import { SignInService } from './commands/sign-in/sign-in.service.js';
import { UpdateProfileHandler } from './commands/update-profile/update-profile.handler.js';
import { UpdateProfileController } from './commands/update-profile/update-profile.http.controller.js';
import { CommunityController } from './queries/community/community.http.controller.js';
import { InvitationsController } from './queries/invitations/invitations.http.controller.js';
import { CurrentUserController } from './queries/users/current-user.http.controller.js';
import { UserDirectory } from './queries/users/user-directory.js';
import { InvitationQueries } from './queries/invitations/invitation.queries.js';
import { UsersController } from './queries/users/users.http.controller.js';
import { CredentialStore } from './sessions/credential-store.js';
import { KnownDevices } from './sessions/known-devices.js';
import { PasswordHasher } from './sessions/password-hasher.js';
import { SessionIssuer } from './sessions/session-issuer.js';
import { SessionLookup, SessionStore } from './sessions/session-store.js';
import { SignInRateLimiter } from './sessions/sign-in-rate-limiter.js';

/**
 * Accounts and access: sign-up, sessions, roles and invitations, and the global guard that
 * decides who may call each route of the app.
 */
@Module({
  imports: [DiscoveryModule],
  controllers: [
    RegisterController,
    SignInController,
    CurrentUserController,
    UpdateProfileController,
    ChangePasswordController,
    UsersController,
    SetAdminController,
    ManageMembersController,
    PasswordResetController,
    InvitationsController,
    CreateInvitationController,
    ReferralInvitationController,
    RevokeInvitationController,
    SendInvitationController,
    CommunityController,
  ],
  providers: [
    { provide: APP_GUARD, useClass: AccessGuard },
    {
      provide: MAILER,
      useFactory: (config: AppConfig) => createMailer(config.accounts),
      inject: [APP_CONFIG],
    },
    RouteInventory,
    MemberActiveQuestionHandler,
    SessionStore,
    { provide: SessionLookup, useExisting: SessionStore },
    SessionIssuer,
    CredentialStore,
    PasswordHasher,
    KnownDevices,
    SignInRateLimiter,
    SignInService,
    UserDirectory,
    InvitationQueries,
    RegisterHandler,
    UpdateProfileHandler,
    SetAdminHandler,
    MemberManagement,
    PasswordResets,
    CreateInvitationHandler,
    IssueReferralInvitationHandler,
    RevokeInvitationHandler,
  ],
  exports: [SessionLookup, RouteInventory, UserDirectory],
})
export class AccountsModule {}
