import {
  MemberActiveQuestionHandler,
  PersonPoolsHandler,
  PoolMemberCountsHandler,
} from './queries/users/member-queries.handlers.js';
import { InvitationAdmission } from './commands/invitations/invitation-admission.js';
import { PoolMemberships, poolMembershipHandlers } from './commands/join-pool/pool-memberships.service.js';
import { Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { createMailer, MAILER } from '../platform/mail/mailer.js';
import { AccessGuard } from './access/access.guard.js';
import { RouteInventory } from './access/route-inventory.js';
import { InvitationCommandsController } from './commands/invitations/invitations.http.controller.js';
import { OwnAccountController } from './commands/own-account/own-account.http.controller.js';
import { ManageMembersController } from './commands/manage-members/manage-members.http.controller.js';
import { PasswordResetController } from './commands/reset-password/password-reset.http.controller.js';
import { PasswordResets } from './commands/reset-password/password-resets.js';
import { InvitationsService } from './commands/invitations/invitations.service.js';
import { MemberManagementService } from './commands/manage-members/member-management.service.js';
import { OwnAccountService } from './commands/own-account/own-account.service.js';
import { RegisterService } from './commands/register/register.service.js';
import { RegisterController } from './commands/register/register.http.controller.js';
import { SignInController } from './commands/sign-in/sign-in.http.controller.js';
import { SignInService } from './commands/sign-in/sign-in.service.js';
import { UserDirectory } from './queries/users/user-directory.js';
import { InvitationQueries } from './queries/invitations/invitation.queries.js';
import { AccountQueriesController } from './queries/account-queries.http.controller.js';
import { CredentialStore } from './sessions/credential-store.js';
import { KnownDevices } from './sessions/known-devices.js';
import { PasswordHasher } from './sessions/password-hasher.js';
import { SessionIssuer } from './sessions/session-issuer.js';
import { SessionLookup, SessionStore } from './sessions/session-store.js';
import { SignInRateLimiter } from './sessions/sign-in-rate-limiter.js';
import { AccountRetention } from './sessions/retention.js';
import { PasswordConfirmation } from './sessions/password-confirmation.js';
import { ErasureController } from './commands/erasure/erasure.http.controller.js';
import { PersonalDataErasure } from './commands/erasure/personal-data-erasure.js';
import { PersonalDataController } from './queries/personal-data/personal-data.http.controller.js';
import { PersonalDataExporter } from './queries/personal-data/personal-data-exporter.js';

/**
 * Accounts and access: sign-up, sessions, roles and invitations, and the global guard that
 * decides who may call each route of the app.
 */
@Module({
  imports: [DiscoveryModule],
  controllers: [
    RegisterController,
    SignInController,
    OwnAccountController,
    AccountQueriesController,
    ManageMembersController,
    PasswordResetController,
    InvitationCommandsController,
    ErasureController,
    PersonalDataController,
  ],
  providers: [
    { provide: APP_GUARD, useClass: AccessGuard },
    {
      provide: MAILER,
      useFactory: (config: AppConfig) => createMailer(config.accounts),
      inject: [APP_CONFIG],
    },
    RouteInventory,
    PersonalDataErasure,
    PersonalDataExporter,
    AccountRetention,
    PasswordConfirmation,
    MemberActiveQuestionHandler,
    PersonPoolsHandler,
    PoolMemberCountsHandler,
    ...poolMembershipHandlers,
    InvitationAdmission,
    PoolMemberships,
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
    RegisterService,
    OwnAccountService,
    MemberManagementService,
    InvitationsService,
    PasswordResets,
  ],
  exports: [SessionLookup, RouteInventory, UserDirectory],
})
export class AccountsModule {}
