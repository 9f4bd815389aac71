import { Module } from '@nestjs/common';
import { PoolsController } from './pools.http.controller.js';

/** The pools of the install (docs/adr/015). */
@Module({ controllers: [PoolsController] })
export class PoolsModule {}
