import { Module } from '@nestjs/common';
import { OperationsModule } from '../operations/operations.module.js';
import { AuditController } from './audit.http.controller.js';

/** The admins' view of the event log: its history, and the operator tools computed from it. */
@Module({ imports: [OperationsModule], controllers: [AuditController] })
export class AuditModule {}
