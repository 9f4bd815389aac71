import { Module } from '@nestjs/common';
import { OperationsController } from './operations.http.controller.js';
import { PoolHistoryService } from './pool-history.service.js';

@Module({ controllers: [OperationsController], providers: [PoolHistoryService] })
export class OperationsModule {}
