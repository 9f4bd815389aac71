import { Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@treble/contracts';
import { ProjectionEngine } from '../projections/projection-engine.js';

/**
 * Pushes "read model changed" notices to browsers. A notice names the query keys to refetch; it
 * never carries the data itself, so a client sees only what its own requests may read.
 */
@WebSocketGateway({ serveClient: false })
export class RealtimeGateway implements OnModuleInit, OnModuleDestroy {
  @WebSocketServer()
  server: Server<ClientToServerEvents, ServerToClientEvents>;

  private readonly logger = new Logger('Realtime');
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly engine: ProjectionEngine) {}

  onModuleInit(): void {
    this.unsubscribe = this.engine.onChanged((change) => {
      if (change.queryKeys.length === 0 && change.readModels.length === 0) return;
      this.server?.emit('read-model-changed', {
        readModels: change.readModels,
        queryKeys: change.queryKeys.map((key) => [...key]),
        position: change.position.toString(),
      });
    });
    this.logger.log('Socket.IO gateway ready');
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  @SubscribeMessage('ping')
  ping(): string {
    return new Date().toISOString();
  }
}
