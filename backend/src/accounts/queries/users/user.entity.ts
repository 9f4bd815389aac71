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

/** A `UserRow`'s columns for raw SQL over `users u` (sessions join it on every signed-in request). */
export const userColumns = `u.id, u.email, u.first_name AS "firstName", u.last_name AS "lastName",
  u.profile_image_url AS "profileImageUrl", u.is_admin AS "isAdmin", u.created_at AS "createdAt"`;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email ?? '',
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    isAdmin: row.isAdmin,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A `UserRow`'s columns for raw SQL over `persons p` with their membership of a pool `m` (left
 * joined: no membership reads as a player).
 */
export const personColumns = `p.id, p.email, p.first_name AS "firstName", p.last_name AS "lastName",
  p.profile_image_url AS "profileImageUrl", coalesce(m.is_admin, false) AS "isAdmin", p.created_at AS "createdAt"`;
