import { Module } from '@nestjs/common';
import { AuditController } from './audit.http.controller.js';

@Module({ controllers: [AuditController] })
export class AuditModule {}
