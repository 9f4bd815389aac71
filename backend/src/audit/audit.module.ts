import { Module } from '@nestjs/common';
import { AuditLog } from './audit-log.js';
import { AuditController } from './audit.http.controller.js';

/** The admins' view of the event log: its history. */
@Module({ controllers: [AuditController], providers: [AuditLog] })
export class AuditModule {}
