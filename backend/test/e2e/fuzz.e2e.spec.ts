import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getMetadataStorage } from 'class-validator';
import fc from 'fast-check';
import type { Choice, CreatedInvitation } from '@treble/contracts';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { registerAdmin, registerPlayer, startTestApp, type SignedIn, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';
import { forbiddenKeys, hostileTexts, splice, wellFormedFields } from '../support/hostile-bodies.js';

/**
 * Property-based fuzzing of the whole HTTP API: every operation of the app's own OpenAPI document
 * (`/api/docs-json`), called signed out, as a player and as an admin, with generated path ids,
 * query strings and bodies (well-formed and hostile). Whatever comes in, the answer is never a
 * server error, and a refused request (4xx) writes nothing to the event log. The seed is fixed, so
 * a run is repeatable; FUZZ_SEED and FUZZ_RUNS explore further, FUZZ_STATS=1 prints the answers
 * by status class.
 */
const seed = Number(process.env.FUZZ_SEED ?? 20251126);
const numRuns = Number(process.env.FUZZ_RUNS ?? 800);

/** 5xx answers that are the API's documented word for an outside service it cannot reach. */
const designedUnavailable = new Set([
  'EMAIL_UNAVAILABLE',
  'RESULTS_PROVIDER_NOT_CONFIGURED',
  'RESULTS_PROVIDER_UNAVAILABLE',
  'RESULTS_PROVIDER_REJECTED',
]);

type Role = 'anonymous' | 'player' | 'admin';
interface Operation {
  method: string;
  /** OpenAPI template, e.g. `/api/periods/{id}/picks`. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  hasBody: boolean;
  /** The fields of the operation's body DTO (by its schema name), when it has one. */
  bodyFields: string[];
}
interface GeneratedRequest {
  role: Role;
  operation: Operation;
  pathValues: string[];
  query: [string, string][];
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; type: string };
}

/** Signed-in calls that would end the session the rest of the run uses. */
const endsSession = new Set(['POST /api/auth/logout', 'GET /api/temp-logout', 'POST /api/auth/password']);

/** A signed-in role never calls what would end its own session (the runs after it need it). */
const keepsItsSession = ({ role, operation }: { role: Role; operation: { method: string; path: string } }) =>
  role === 'anonymous' || !endsSession.has(`${operation.method} ${operation.path}`);

/**
 * The fields each request DTO declares, by class name (the OpenAPI document names a body's schema
 * after its class), so that generated bodies reach past the "unknown field" check.
 */
function dtoFields(): Map<string, string[]> {
  const storage = getMetadataStorage() as unknown as {
    validationMetadatas: Map<{ name: string }, { propertyName: string }[]>;
  };
  const fields = new Map<string, string[]>();
  for (const [target, rules] of storage.validationMetadatas) {
    fields.set(
      target.name,
      [...new Set([...(fields.get(target.name) ?? []), ...rules.map((rule) => rule.propertyName)])].sort(),
    );
  }
  return fields;
}

/** A JSON body nested `depth` levels deep, in arrays or in objects. */
const deep = (depth: number, objects = false) =>
  objects ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe.each(databaseTargets)('the API under generated input on $name', (target) => {
  let app: TestApp;
  let admin: SignedIn;
  let player: SignedIn;
  let eventStore: EventStore;
  let operations: Operation[];
  let cookies: Record<Role, string | null>;
  let known: { ids: string[]; fields: string[] };

  beforeAll(async () => {
    // Mid-season: matchweek 16 has ended, matchweek 20 is open for picks.
    app = await startTestApp(target, { POOL_NOW: '2025-12-20T10:00:00Z' });
    admin = await registerAdmin(app, { firstName: 'Ada' });
    player = await registerPlayer(app, admin, { firstName: 'Pat' });
    expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBeLessThan(300);
    expect((await admin.request('POST', '/api/admin/setup/options', {})).status).toBeLessThan(300);
    const pick = await player.request('POST', '/api/choices', { periodId: 20, optionId: '20-ARS' });
    expect(pick.status).toBe(201);
    const invitation = (await admin.request('POST', '/api/invites', { maxUses: 5 }))
      .body as CreatedInvitation;
    eventStore = app.app.get<EventStore>(EVENT_STORE);
    cookies = { anonymous: null, player: player.cookieHeader(), admin: admin.cookieHeader() };
    known = {
      ids: [
        '1',
        '16',
        '20',
        '38',
        player.user.id,
        admin.user.id,
        '20-ARS',
        '1-CHE',
        (pick.body as Choice).id,
        invitation.token,
      ],
      fields: [...new Set([...dtoFields().values()].flat())].sort(),
    };
    const fieldsByDto = dtoFields();

    const document = (await app.request('GET', '/api/docs-json')).body as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; in: string }[];
            requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> };
          }
        >
      >;
    };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        pathParams: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        hasBody: operation.requestBody !== undefined,
        bodyFields:
          fieldsByDto.get(
            operation.requestBody?.content?.['application/json']?.schema?.$ref?.split('/').pop() ?? '',
          ) ?? [],
      })),
    );
  });
  const statuses = new Map<string, number>();
  afterAll(async () => {
    if (process.env.FUZZ_STATS) console.log([...statuses].sort());
    await app?.close();
  });

  /** Sends one generated request; returns what a failed property should show. */
  async function send(request: GeneratedRequest): Promise<{ ok: boolean; status: number; report: string }> {
    let index = 0;
    const path = request.operation.path.replace(/\{\w+\}/g, () => request.pathValues[index++] ?? '1');
    const query = request.query.map(([name, value]) => `${encodeURIComponent(name)}=${value}`).join('&');
    const url = query ? `${path}?${query}` : path;
    const headers: Record<string, string> = {};
    const cookie = cookies[request.role];
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (request.body.kind === 'json') body = JSON.stringify(request.body.value);
    else if (request.body.kind === 'raw') {
      body = request.body.text;
      headers['content-type'] = request.body.type;
    }
    const before = await eventStore.headPosition();
    const response = await app.request(request.operation.method, url, body, headers);
    const after = await eventStore.headPosition();
    const code = (response.body as { code?: string } | null)?.code;
    const serverError = response.status >= 500 && !(code !== undefined && designedUnavailable.has(code));
    const wroteOnRefusal = response.status >= 400 && after !== before;
    const report = `${request.role} ${request.operation.method} ${url} ${body === undefined ? '' : body.slice(0, 300)} -> ${response.status} ${response.text.slice(0, 300)} (head ${before} -> ${after})`;
    if (process.env.FUZZ_STATS)
      statuses.set(
        `${Math.floor(response.status / 100)}xx ${request.role}`,
        (statuses.get(`${Math.floor(response.status / 100)}xx ${request.role}`) ?? 0) + 1,
      );
    return { ok: !serverError && !wroteOnRefusal, status: response.status, report };
  }

  /** Values for a path segment, a query value or a body field: real ids, near misses and junk. */
  function scalar(): fc.Arbitrary<string> {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...known.ids) },
      {
        weight: 2,
        arbitrary: fc.constantFrom('2147483648', '99999999999999999999', '0x10', '1e1', '%201', '%00'),
      },
      fc.constantFrom(
        '0',
        '-1',
        '2147483647',
        '2147483648',
        '99999999999999999999',
        '0x10',
        '1e1',
        '1e20',
        '0b11',
        '+3',
        '%201',
        '1.5',
        'NaN',
        'true',
        'null',
        '%00',
        '%2e%2e',
        '%E2%80%A8',
        'a%20b',
        '%ff',
        '%',
      ),
      fc.string({ maxLength: 40 }).map(encodeURIComponent),
      fc.nat().map(String),
    );
  }

  function jsonScalar(): fc.Arbitrary<unknown> {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...known.ids) },
      { weight: 2, arbitrary: fc.constantFrom(true, '\u0000', 2147483648, 1e20) },
      fc.constantFrom(
        true,
        false,
        null,
        0,
        -1,
        1.5,
        20,
        2147483647,
        2147483648,
        1e20,
        -1e20,
        '',
        ' ',
        '0x10',
        '1e1',
        '+3',
        ' 1',
        '\u0000',
        'a\u0000b',
        '\ud800',
        'x'.repeat(5000),
      ),
      fc.constantFrom(
        'win',
        'draw',
        'loss',
        'main',
        'last10',
        'USD',
        'overall',
        'survivor',
        '2025-12-20T10:00:00Z',
        'not a date',
        'someone@example.com',
        'correct horse battery staple',
      ),
      fc.integer(),
      fc.double({ noNaN: true }),
      fc.string({ maxLength: 60 }),
    );
  }

  function bodyOf(operation: Operation): fc.Arbitrary<GeneratedRequest['body']> {
    const value = fc.oneof(
      { weight: 4, arbitrary: jsonScalar() },
      { weight: 1, arbitrary: fc.array(jsonScalar(), { maxLength: 4 }) },
    );
    // The operation's own fields, each there or not: these reach the handlers and the database.
    const own = operation.bodyFields.length
      ? fc.record(Object.fromEntries(operation.bodyFields.map((field) => [field, value])), {
          requiredKeys: [],
        })
      : fc.constant({});
    const any = fc.dictionary(fc.constantFrom(...known.fields), value, { maxKeys: 6 });
    const json = fc.oneof(
      { weight: 6, arbitrary: own },
      { weight: 2, arbitrary: any },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
      { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), jsonScalar(), { maxKeys: 4 }) },
    );
    return fc.oneof(
      {
        weight: operation.hasBody ? 8 : 1,
        arbitrary: json.map((value) => ({ kind: 'json' as const, value })),
      },
      { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('raw' as const),
          text: fc.oneof(
            fc
              .tuple(fc.integer({ min: 30, max: 3000 }), fc.boolean())
              .map(([depth, objects]) => deep(depth, objects)),
            fc.constantFrom('{', '{"a":1', '[1,]', 'periodId=20&optionId=20-ARS', '\u0000', ''),
            fc.string({ maxLength: 40 }),
          ),
          type: fc.constantFrom(
            'application/json',
            'application/json; charset=utf-8',
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
          ),
        }),
      },
    );
  }

  /**
   * A generated body made hostile: a field named `__proto__`, `constructor` or `prototype` beside
   * the operation's own fields, or one level down in place of one of them, or the body in an array.
   */
  function hostileBodyOf(operation: Operation): fc.Arbitrary<GeneratedRequest['body']> {
    const own = operation.bodyFields.length
      ? fc.record(Object.fromEntries(operation.bodyFields.map((field) => [field, jsonScalar()])), {
          requiredKeys: [],
        })
      : fc.constant({});
    return fc
      .record({
        value: own,
        key: fc.constantFrom(...forbiddenKeys),
        inner: fc.oneof(jsonScalar(), fc.constant({ isAdmin: true })),
        where: fc.constantFrom('beside', 'below', 'array'),
        field: fc.constantFrom(...operation.bodyFields, 'a'),
      })
      .map(({ value, key, inner, where, field }) => ({
        kind: 'raw' as const,
        text: splice(value, key, inner, where, field),
        type: 'application/json',
      }));
  }

  function requestOf(): fc.Arbitrary<GeneratedRequest> {
    return fc
      .record({
        role: fc.oneof(
          { weight: 1, arbitrary: fc.constant<Role>('anonymous') },
          { weight: 2, arbitrary: fc.constant<Role>('player') },
          { weight: 3, arbitrary: fc.constant<Role>('admin') },
        ),
        operation: fc.constantFrom(...operations),
      })
      .filter(keepsItsSession)
      .chain(({ role, operation }) =>
        fc.record({
          role: fc.constant(role),
          operation: fc.constant(operation),
          pathValues: fc.tuple(...operation.pathParams.map(() => scalar())),
          query: fc.array(
            fc.tuple(
              fc.constantFrom(
                ...operation.queryParams,
                'limit',
                'offset',
                'periodId',
                'userId',
                'period',
                'kind',
                'stream',
                'optionId',
                'outcome',
              ),
              scalar(),
            ),
            { maxLength: 4 },
          ),
          body: operation.method === 'GET' ? fc.constant({ kind: 'none' as const }) : bodyOf(operation),
        }),
      );
  }

  it('finds the operations in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(operations.filter((operation) => operation.hasBody).length).toBeGreaterThan(10);
    expect(known.fields).toEqual(expect.arrayContaining(['periodId', 'optionId', 'email', 'firstName']));
    expect(
      operations.find((operation) => operation.path === '/api/choices' && operation.method === 'POST')
        ?.bodyFields,
    ).toEqual(['optionId', 'periodId']);
  });

  it('answers every operation, for every role, with hostile ids, queries and a deep body without a server error', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      for (const role of ['anonymous', 'player', 'admin'] as const) {
        if (role !== 'anonymous' && endsSession.has(`${operation.method} ${operation.path}`)) continue;
        // Every operation once with an id beyond an integer and a 1,500-level body; those with
        // parameters again with other near misses.
        const values =
          operation.pathParams.length + operation.queryParams.length > 0
            ? ['2147483648', '0x10', '%00', 'x'.repeat(300)]
            : ['2147483648'];
        for (const [index, value] of values.entries()) {
          const outcome = await send({
            role,
            operation,
            pathValues: operation.pathParams.map(() => value),
            query: [...operation.queryParams, 'limit', 'offset'].map(
              (name) => [name, value] as [string, string],
            ),
            body:
              operation.method === 'GET' || index > 0
                ? { kind: 'none' }
                : { kind: 'raw', text: deep(1500), type: 'application/json' },
          });
          if (!outcome.ok) failures.push(outcome.report);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses, on every operation and for every role, a body with a __proto__, constructor or prototype field or an array body, writing nothing', async () => {
    const failures: string[] = [];
    const writers = operations.filter((operation) => operation.method !== 'GET');
    expect(writers.length).toBeGreaterThan(30);
    for (const operation of writers) {
      const texts = hostileTexts(wellFormedFields[`${operation.method} ${operation.path}`]);
      for (const role of ['anonymous', 'player', 'admin'] as const) {
        if (role !== 'anonymous' && endsSession.has(`${operation.method} ${operation.path}`)) continue;
        for (const text of texts) {
          const outcome = await send({
            role,
            operation,
            pathValues: operation.pathParams.map(() => known.ids[Math.min(2, known.ids.length - 1)]!),
            query: [],
            body: { kind: 'raw', text, type: 'application/json' },
          });
          if (!outcome.ok || outcome.status < 400) failures.push(outcome.report);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses every generated body that carries a forbidden field name or is an array, writing nothing', async () => {
    const hostile = fc
      .record({
        role: fc.constantFrom<Role>('anonymous', 'player', 'admin'),
        operation: fc.constantFrom(...operations.filter((operation) => operation.method !== 'GET')),
      })
      .filter(keepsItsSession)
      .chain(({ role, operation }) =>
        fc.record({
          role: fc.constant(role),
          operation: fc.constant(operation),
          pathValues: fc.tuple(...operation.pathParams.map(() => scalar())),
          query: fc.constant<[string, string][]>([]),
          body: hostileBodyOf(operation),
        }),
      );
    await fc.assert(
      fc.asyncProperty(hostile, async (request) => {
        const outcome = await send(request);
        if (!outcome.ok || outcome.status < 400) throw new Error(outcome.report);
      }),
      { seed, numRuns: Math.ceil(numRuns / 4), endOnFailure: true },
    );
  });

  it('never answers a generated request with a server error, and a refused one writes no event', async () => {
    await fc.assert(
      fc.asyncProperty(requestOf(), async (request) => {
        const outcome = await send(request);
        if (!outcome.ok) throw new Error(outcome.report);
      }),
      { seed, numRuns, endOnFailure: true },
    );
  });
});
