import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { User } from '@treble/contracts';
import { toUser, UserRow } from './user.entity.js';

/** Reads accounts from the `users` read table. */
@Injectable()
export class UserDirectory {
  constructor(private readonly dataSource: DataSource) {}

  async find(userId: string): Promise<User | null> {
    const row = await this.dataSource.getRepository(UserRow).findOneBy({ id: userId });
    return row ? toUser(row) : null;
  }

  /** Oldest first: the pool's founder heads the list. */
  async list(): Promise<User[]> {
    const rows = await this.dataSource
      .getRepository(UserRow)
      .find({ order: { createdAt: 'ASC', email: 'ASC' } });
    return rows.map(toUser);
  }
}
