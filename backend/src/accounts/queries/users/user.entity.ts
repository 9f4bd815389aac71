import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { User } from '@treble/contracts';

/** Row of the `users` read view (maintained by the users projection; never written here). */
@Entity({ name: 'users', synchronize: false })
export class UserRow {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ name: 'first_name', type: 'text', nullable: true })
  firstName: string | null;

  @Column({ name: 'last_name', type: 'text', nullable: true })
  lastName: string | null;

  @Column({ name: 'profile_image_url', type: 'text', nullable: true })
  profileImageUrl: string | null;

  @Column({ name: 'is_admin', type: 'boolean' })
  isAdmin: boolean;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** The same row as raw SQL returns it (sessions join it on every signed-in request). */
export interface UserRecord {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  is_admin: boolean;
  created_at: Date;
}

export function toUser(row: UserRow | UserRecord): User {
  if (row instanceof UserRow) {
    return {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      profileImageUrl: row.profileImageUrl,
      isAdmin: row.isAdmin,
      createdAt: row.createdAt.toISOString(),
    };
  }
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.profile_image_url,
    isAdmin: row.is_admin,
    createdAt: row.created_at.toISOString(),
  };
}
