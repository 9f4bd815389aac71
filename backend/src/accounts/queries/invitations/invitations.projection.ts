import { queryKeys } from '@treble/contracts';
import type { RecordedEvent } from '../../../event-store/event-store.port.js';
import type { Projection, ProjectionContext } from '../../../projections/projection.js';
import type { InvitationEvent } from '../../domain/index.js';

/**
 * The `invitations` read table for the admins' list and the registration page. Uses are kept as
 * one row per admitted account, so replaying a use cannot count it twice.
 */
export const invitationsProjection: Projection = {
  name: 'invitations',
  version: 1,
  tables: [
    {
      name: 'invitations',
      ddl: (table) => [
        `CREATE TABLE ${table} (
          token text PRIMARY KEY,
          max_uses integer,
          uses integer NOT NULL DEFAULT 0,
          expires_at timestamptz,
          revoked_at timestamptz,
          created_at timestamptz NOT NULL,
          created_by uuid NOT NULL
        )`,
      ],
    },
    {
      name: 'invitation_uses',
      ddl: (table) => [
        `CREATE TABLE ${table} (token text NOT NULL, user_id uuid NOT NULL, PRIMARY KEY (token, user_id))`,
      ],
    },
  ],
  eventTypes: ['InvitationCreated', 'InvitationUsed', 'InvitationRevoked'],
  async apply(recorded: RecordedEvent, { sql, table }: ProjectionContext) {
    const event = recorded as unknown as InvitationEvent;
    const invitations = table('invitations');
    switch (event.type) {
      case 'InvitationCreated': {
        const d = event.data;
        await sql.query(
          `INSERT INTO ${invitations} (token, max_uses, expires_at, created_at, created_by) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (token) DO NOTHING`,
          [d.token, d.maxUses, d.expiresAt, recorded.metadata.occurredAt, d.createdBy],
        );
        return;
      }
      case 'InvitationUsed': {
        const uses = table('invitation_uses');
        await sql.query(`INSERT INTO ${uses} (token, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
          event.data.token,
          event.data.userId,
        ]);
        await sql.query(
          `UPDATE ${invitations} SET uses = (SELECT count(*) FROM ${uses} WHERE token = $1) WHERE token = $1`,
          [event.data.token],
        );
        return;
      }
      case 'InvitationRevoked':
        await sql.query(`UPDATE ${invitations} SET revoked_at = coalesce(revoked_at, $2) WHERE token = $1`, [
          event.data.token,
          recorded.metadata.occurredAt,
        ]);
        return;
    }
  },
  queryKeysFor() {
    return [queryKeys.invitations(), queryKeys.community()];
  },
};
