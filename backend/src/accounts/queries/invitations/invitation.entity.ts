import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Row of the `invitations` read view (maintained by the invitations projection). */
@Entity({ name: 'invitations', synchronize: false })
export class InvitationRow {
  @PrimaryColumn({ type: 'text' })
  token: string;

  @Column({ name: 'max_uses', type: 'integer', nullable: true })
  maxUses: number | null;

  @Column({ type: 'integer' })
  uses: number;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'created_by', type: 'uuid' })
  createdBy: string;
}
