import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CommandBus } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '../../event-store/event-store.port.js';
import { loadAggregate } from '../../event-store/read-stream.js';
import { DomainError } from '../../shared/domain/domain-error.js';
import type { CommandContext } from '../../shared/domain/event.js';
import { AddEplOptionsCommand } from '../../season/commands/manage-options/manage-options.commands.js';
import { ImportScheduleCommand } from '../../season/commands/import-schedule/import-schedule.commands.js';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { databaseTargets } from '../../../test/support/databases.js';
import { picksModel } from '../domain/picks.state.js';
import { MakeChoiceCommand } from './picks.handlers.js';

const now = new Date('2025-08-01T12:00:00Z');

function context(actor: string, source: CommandContext['source'] = 'player'): CommandContext {
  return { actor, source, now, correlationId: `test-${actor}` };
}

function errorCode(outcome: PromiseSettledResult<unknown>): string | null {
  if (outcome.status === 'fulfilled') return null;
  return outcome.reason instanceof DomainError ? outcome.reason.code : String(outcome.reason);
}

describe.each(databaseTargets)('picks under concurrency on $name', (target) => {
  let app: TestApp;
  let commands: CommandBus;
  let store: EventStore;

  beforeAll(async () => {
    app = await startTestApp(target, { POOL_NOW: now.toISOString() });
    commands = app.app.get(CommandBus);
    store = app.app.get(EVENT_STORE);
    // Adding options to every period reads the period streams: no wait for the periods table.
    await commands.execute(new ImportScheduleCommand(context('admin-1', 'admin')));
    await commands.execute(new AddEplOptionsCommand(null, context('admin-1', 'admin')));
  });
  afterAll(async () => {
    await app?.close();
  });

  async function activeChoices(userId: string) {
    return (await loadAggregate(store, `picks-${userId}`, picksModel)).state;
  }

  it('accepts exactly 3 of 20 simultaneous picks by one player in one period', async () => {
    const codes = [
      'ARS',
      'AVL',
      'BOU',
      'BRE',
      'BHA',
      'BUR',
      'CHE',
      'CRY',
      'EVE',
      'FUL',
      'LEE',
      'LIV',
      'MCI',
      'MUN',
      'NEW',
      'NOT',
      'SUN',
      'TOT',
      'WHU',
      'WOL',
    ];
    const outcomes = await Promise.allSettled(
      codes.map((code) => commands.execute(new MakeChoiceCommand('racer', 1, `1-${code}`, context('racer')))),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    const refusals = outcomes.map(errorCode).filter((code) => code !== null);
    expect(refusals).toHaveLength(17);
    // A lost race is decided again: the refusal is the rule's own, never a version conflict.
    for (const code of refusals) expect(code).toBe('PICKS_PER_PERIOD_EXCEEDED');
    const state = await activeChoices('racer');
    expect([...state.choices.values()].filter((c) => c.periodId === 1)).toHaveLength(3);
  });

  it('never lets simultaneous picks take a team past its 7 uses', async () => {
    for (let period = 1; period <= 6; period++) {
      await commands.execute(new MakeChoiceCommand('loyal', period, `${period}-ARS`, context('loyal')));
    }
    const outcomes = await Promise.allSettled(
      [7, 8, 9, 10, 11].map((period) =>
        commands.execute(new MakeChoiceCommand('loyal', period, `${period}-ARS`, context('loyal'))),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const code of outcomes.map(errorCode).filter((c) => c !== null)) {
      expect(code).toBe('TEAM_USAGE_CAP_REACHED');
    }
    expect((await activeChoices('loyal')).usage.get('ARS')).toBe(7);
  });

  it('records the acting player and the time in every event', async () => {
    const [event] = await store.readStream('picks-racer');
    expect(event!.metadata).toMatchObject({
      actor: 'racer',
      source: 'player',
      occurredAt: now.toISOString(),
    });
  });
});
