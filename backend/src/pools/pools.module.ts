import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { PoolCreation } from './pool-creation.js';
import { PlayedPoolsHandler, PoolArchivedHandler, PoolDirectory } from './pool-directory.js';
import { PoolScopeInterceptor } from './pool-scope.interceptor.js';
import { PoolsController } from './pools.http.controller.js';
import { InstallPools } from './install-pools.js';
import { InstallPoolsController } from './install-pools.http.controller.js';

/** The pools of the install (docs/adr/015). */
@Module({
  controllers: [PoolsController, InstallPoolsController],
  providers: [
    PoolDirectory,
    PlayedPoolsHandler,
    PoolArchivedHandler,
    PoolCreation,
    InstallPools,
    { provide: APP_INTERCEPTOR, useClass: PoolScopeInterceptor },
  ],
  exports: [PoolDirectory],
})
export class PoolsModule {}
