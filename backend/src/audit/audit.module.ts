import { Module } from '@nestjs/common';
import { AuditController } from './audit.http.controller.js';

/** The admins' view of the event log: its history. */
@Module({ controllers: [AuditController] })
export class AuditModule {}
