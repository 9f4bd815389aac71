import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database.js';

export interface StoredCredentials {
  userId: string;
  email: string;
  passwordHash: string;
}

/** Password hashes, keyed by user and by (normalized) e-mail; never part of the event log. */
@Injectable()
export class CredentialStore {
  constructor(private readonly database: Database) {}

  async insert(credentials: StoredCredentials, now: Date): Promise<void> {
    await this.database.query(
      'INSERT INTO user_credentials (user_id, email, password_hash, updated_at) VALUES ($1, $2, $3, $4)',
      [credentials.userId, credentials.email, credentials.passwordHash, now],
    );
  }

  findByEmail(email: string): Promise<StoredCredentials | null> {
    return this.findBy('email', email);
  }

  findByUser(userId: string): Promise<StoredCredentials | null> {
    return this.findBy('user_id', userId);
  }

  private async findBy(column: 'email' | 'user_id', value: string): Promise<StoredCredentials | null> {
    const { rows } = await this.database.query<{ user_id: string; email: string; password_hash: string }>(
      `SELECT user_id, email, password_hash FROM user_credentials WHERE ${column} = $1`,
      [value],
    );
    const row = rows[0];
    return row ? { userId: row.user_id, email: row.email, passwordHash: row.password_hash } : null;
  }

  async setPasswordHash(userId: string, passwordHash: string, now: Date): Promise<void> {
    await this.database.query(
      'UPDATE user_credentials SET password_hash = $2, updated_at = $3 WHERE user_id = $1',
      [userId, passwordHash, now],
    );
  }

  async remove(userId: string): Promise<void> {
    await this.database.query('DELETE FROM user_credentials WHERE user_id = $1', [userId]);
  }
}
