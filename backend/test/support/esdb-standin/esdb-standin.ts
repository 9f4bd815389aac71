import { randomUUID } from 'node:crypto';
import grpc from '@grpc/grpc-js';
import streamsGrpc from '@eventstore/db-client/generated/streams_grpc_pb.js';
import streamsPb from '@eventstore/db-client/generated/streams_pb.js';
import sharedPb from '@eventstore/db-client/generated/shared_pb.js';
import type * as Streams from '@eventstore/db-client/generated/streams_pb.js';

const { AppendReq, AppendResp, ReadResp, ReadReq } = streamsPb;
const { Empty, StreamIdentifier, UUID } = sharedPb;

/**
 * An in-process stand-in for EventStoreDB: a gRPC server with the parts of the Streams service that
 * `@eventstore/db-client` uses (Append, Read for streams and `$all`, catch-up subscriptions with
 * filters), on an honest in-memory log. Nothing else is served: the client asks ServerFeatures
 * first, gets UNIMPLEMENTED like from an old server, and so appends with `Append` instead of
 * `BatchAppend`. Connect with `esdb://127.0.0.1:<port>?tls=false` (one host: no gossip).
 *
 * The log behaves like EventStoreDB's where Treble can tell: positions are byte offsets that only
 * grow (commit = prepare for every event), expected versions are checked and the events written in
 * one step (nothing else runs in between), the same event ids at the same expected version append
 * once (idempotence), every event has its id, JSON metadata and a creation time in .NET ticks, and
 * the log starts with a system event (`$settings`) as a real one does.
 */
export interface StoredEvent {
  streamName: string;
  revision: bigint;
  id: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  customMetadata: Uint8Array;
  /** 100-nanosecond ticks since the Unix epoch, as EventStoreDB sends `created`. */
  created: bigint;
  position: bigint;
}

type Filter = (event: StoredEvent) => boolean;

const TICKS_PER_MILLISECOND = 10_000n;
/** Bytes a record takes in the log besides its payload (the positions imitate a transaction file). */
const RECORD_OVERHEAD = 96n;
/** A real log's first records are an epoch and the like: the first event lies past position 0. */
const FIRST_POSITION = 256n;

function uuidOf(id: string, structured: boolean): InstanceType<typeof UUID> {
  const uuid = new UUID();
  if (!structured) return uuid.setString(id);
  const bytes = Buffer.from(id.replace(/-/g, ''), 'hex');
  const parts = new UUID.Structured();
  parts.setMostSignificantBits(BigInt.asIntN(64, bytes.readBigUInt64BE(0)).toString());
  parts.setLeastSignificantBits(BigInt.asIntN(64, bytes.readBigUInt64BE(8)).toString());
  return uuid.setStructured(parts);
}

function idOf(uuid: InstanceType<typeof UUID> | undefined): string {
  if (!uuid) return randomUUID();
  if (uuid.hasStructured()) {
    const parts = uuid.getStructured()!;
    const bytes = Buffer.alloc(16);
    bytes.writeBigUInt64BE(BigInt.asUintN(64, BigInt(parts.getMostSignificantBits())), 0);
    bytes.writeBigUInt64BE(BigInt.asUintN(64, BigInt(parts.getLeastSignificantBits())), 8);
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
  return uuid.getString();
}

function nameOf(identifier: InstanceType<typeof StreamIdentifier> | undefined): string {
  return Buffer.from(identifier?.getStreamName_asU8() ?? new Uint8Array()).toString('utf8');
}

function filterOf(options: Streams.ReadReq.Options): Filter {
  if (!options.hasFilter()) return () => true;
  const filter = options.getFilter()!;
  const onStream = filter.hasStreamIdentifier();
  const expression = onStream ? filter.getStreamIdentifier()! : filter.getEventType()!;
  const field = (event: StoredEvent) => (onStream ? event.streamName : event.type);
  const regex = expression.getRegex();
  const prefixes = expression.getPrefixList();
  if (regex) {
    const pattern = new RegExp(regex);
    return (event) => pattern.test(field(event));
  }
  return (event) => prefixes.length === 0 || prefixes.some((prefix) => field(event).startsWith(prefix));
}

/** Resolves when the client has room for more, or is gone. */
function writable(call: grpc.ServerWritableStream<Streams.ReadReq, Streams.ReadResp>): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      call.off('drain', done);
      call.off('cancelled', done);
      call.off('close', done);
      resolve();
    };
    call.on('drain', done);
    call.on('cancelled', done);
    call.on('close', done);
  });
}

class StandInError extends Error {
  constructor(
    readonly code: grpc.status,
    message: string,
  ) {
    super(message);
  }
}

export class EsdbStandIn {
  private readonly log: StoredEvent[] = [];
  private readonly streams = new Map<string, StoredEvent[]>();
  private nextPosition = FIRST_POSITION;
  private readonly listeners = new Set<() => void>();
  private readonly calls = new Set<grpc.ServerWritableStream<Streams.ReadReq, Streams.ReadResp>>();
  /** How many Append and Read calls it served, by method (tests check the client's choices). */
  readonly served = { append: 0, read: 0, batchAppend: 0 };

  private constructor(
    private readonly server: grpc.Server,
    readonly port: number,
  ) {}

  static async start(): Promise<EsdbStandIn> {
    const server = new grpc.Server();
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
        error ? reject(error) : resolve(bound),
      ),
    );
    const standIn = new EsdbStandIn(server, port);
    server.addService(streamsGrpc.StreamsService, standIn.implementation());
    standIn.appendSystemEvent('$settings', '$settings', { $userStreamAcl: { $r: '$all' } });
    return standIn;
  }

  get connectionString(): string {
    return `esdb://127.0.0.1:${this.port}?tls=false`;
  }

  /** Every event in the log, system events included, in commit order. */
  events(): readonly StoredEvent[] {
    return this.log;
  }

  /** Writes an event the way EventStoreDB writes its own (a `$` stream and type). */
  appendSystemEvent(streamName: string, type: string, data: unknown): StoredEvent {
    const stream = this.streams.get(streamName) ?? [];
    const [event] = this.write(streamName, stream, [
      {
        id: randomUUID(),
        type,
        contentType: 'application/json',
        data: Buffer.from(JSON.stringify(data)),
        customMetadata: new Uint8Array(),
      },
    ]);
    return event!;
  }

  /** Ends every open subscription as a dropped connection would (UNAVAILABLE), as a restart or failover does. */
  dropSubscriptions(): number {
    let dropped = 0;
    for (const call of this.calls) {
      if (!call.request.getOptions()?.hasSubscription()) continue;
      call.emit('error', { code: grpc.status.UNAVAILABLE, details: 'the stand-in dropped the subscription' });
      dropped++;
    }
    return dropped;
  }

  async stop(): Promise<void> {
    for (const call of this.calls) call.end();
    await new Promise<void>((resolve) => this.server.tryShutdown(() => resolve()));
  }

  private implementation(): grpc.UntypedServiceImplementation {
    return {
      append: (
        call: grpc.ServerReadableStream<Streams.AppendReq, Streams.AppendResp>,
        callback: grpc.sendUnaryData<Streams.AppendResp>,
      ) => this.append(call, callback),
      read: (call: grpc.ServerWritableStream<Streams.ReadReq, Streams.ReadResp>) => {
        this.served.read++;
        this.calls.add(call);
        this.read(call)
          .catch((error: unknown) => {
            // grpc-js sends an error status for an 'error' emitted on the call (destroy would send none).
            const code = error instanceof StandInError ? error.code : grpc.status.INTERNAL;
            if (!call.writableEnded)
              call.emit('error', { code, details: error instanceof Error ? error.message : String(error) });
          })
          .finally(() => this.calls.delete(call));
      },
      delete: (_call: unknown, callback: grpc.sendUnaryData<unknown>) =>
        callback({ code: grpc.status.UNIMPLEMENTED, details: 'not in the stand-in' }),
      tombstone: (_call: unknown, callback: grpc.sendUnaryData<unknown>) =>
        callback({ code: grpc.status.UNIMPLEMENTED, details: 'not in the stand-in' }),
      batchAppend: (call: grpc.ServerDuplexStream<unknown, unknown>) => {
        this.served.batchAppend++;
        call.emit('error', {
          code: grpc.status.UNIMPLEMENTED,
          details: 'BatchAppend is not in the stand-in',
        });
      },
    };
  }

  private append(
    call: grpc.ServerReadableStream<Streams.AppendReq, Streams.AppendResp>,
    callback: grpc.sendUnaryData<Streams.AppendResp>,
  ): void {
    this.served.append++;
    let options: Streams.AppendReq.Options | null = null;
    const proposed: Streams.AppendReq.ProposedMessage[] = [];
    call.on('data', (request: Streams.AppendReq) => {
      if (request.hasOptions()) options = request.getOptions()!;
      else if (request.hasProposedMessage()) proposed.push(request.getProposedMessage()!);
    });
    call.on('error', () => undefined);
    call.on('end', () => {
      if (options === null) {
        callback({ code: grpc.status.INVALID_ARGUMENT, details: 'Append needs its options first' });
        return;
      }
      callback(null, this.appendNow(options, proposed));
    });
  }

  /** Checks the expected version and writes, with nothing else in between. */
  private appendNow(
    options: Streams.AppendReq.Options,
    proposed: Streams.AppendReq.ProposedMessage[],
  ): Streams.AppendResp {
    const streamName = nameOf(options.getStreamIdentifier());
    const stream = this.streams.get(streamName) ?? [];
    const current = stream.length === 0 ? null : BigInt(stream.length - 1);
    const cases = AppendReq.Options.ExpectedStreamRevisionCase;
    const expectedCase = options.getExpectedStreamRevisionCase();
    const ids = proposed.map((message) => idOf(message.getId()));
    const response = new AppendResp();

    // The same ids where this append would have put them: it already happened, answer as then.
    const firstRevision =
      expectedCase === cases.REVISION
        ? Number(options.getRevision()) + 1
        : expectedCase === cases.NO_STREAM
          ? 0
          : stream.findIndex((e) => e.id === ids[0]);
    if (
      ids.length > 0 &&
      firstRevision >= 0 &&
      firstRevision + ids.length <= stream.length &&
      ids.every((id, i) => stream[firstRevision + i]!.id === id)
    ) {
      return response.setSuccess(this.success(stream[firstRevision + ids.length - 1]!));
    }

    const matches =
      expectedCase === cases.ANY ||
      (expectedCase === cases.NO_STREAM && current === null) ||
      (expectedCase === cases.STREAM_EXISTS && current !== null) ||
      (expectedCase === cases.REVISION && current !== null && current === BigInt(options.getRevision()));
    if (!matches) {
      const wrong = new AppendResp.WrongExpectedVersion();
      if (current === null) wrong.setCurrentNoStream(new Empty());
      else wrong.setCurrentRevision(current.toString());
      if (expectedCase === cases.REVISION) wrong.setExpectedRevision(options.getRevision());
      else if (expectedCase === cases.NO_STREAM) wrong.setExpectedNoStream(new Empty());
      else if (expectedCase === cases.STREAM_EXISTS) wrong.setExpectedStreamExists(new Empty());
      else wrong.setExpectedAny(new Empty());
      return response.setWrongExpectedVersion(wrong);
    }
    if (proposed.length === 0) {
      const success = new AppendResp.Success();
      if (current === null) success.setNoStream(new Empty());
      else success.setCurrentRevision(current.toString());
      return response.setSuccess(success.setNoPosition(new Empty()));
    }
    const written = this.write(
      streamName,
      stream,
      proposed.map((message, i) => ({
        id: ids[i]!,
        type: message.getMetadataMap().get('type') ?? '',
        contentType: message.getMetadataMap().get('content-type') ?? 'application/octet-stream',
        data: message.getData_asU8(),
        customMetadata: message.getCustomMetadata_asU8(),
      })),
    );
    return response.setSuccess(this.success(written[written.length - 1]!));
  }

  private success(last: StoredEvent): Streams.AppendResp.Success {
    const position = new AppendResp.Position()
      .setCommitPosition(last.position.toString())
      .setPreparePosition(last.position.toString());
    return new AppendResp.Success().setCurrentRevision(last.revision.toString()).setPosition(position);
  }

  private write(
    streamName: string,
    stream: StoredEvent[],
    proposed: Pick<StoredEvent, 'id' | 'type' | 'contentType' | 'data' | 'customMetadata'>[],
  ): StoredEvent[] {
    const created = BigInt(Date.now()) * TICKS_PER_MILLISECOND;
    const written = proposed.map((message) => {
      const event: StoredEvent = {
        ...message,
        streamName,
        revision: BigInt(stream.length),
        created,
        position: this.nextPosition,
      };
      this.nextPosition +=
        RECORD_OVERHEAD +
        BigInt(streamName.length + message.type.length + message.data.length + message.customMetadata.length);
      stream.push(event);
      this.log.push(event);
      return event;
    });
    this.streams.set(streamName, stream);
    for (const listener of [...this.listeners]) listener();
    return written;
  }

  private async read(call: grpc.ServerWritableStream<Streams.ReadReq, Streams.ReadResp>): Promise<void> {
    const options = call.request.getOptions();
    if (!options) throw new StandInError(grpc.status.INVALID_ARGUMENT, 'Read needs options');
    const structured = options.getUuidOption()?.hasStructured() ?? false;
    const filter = filterOf(options);
    const send = async (message: Streams.ReadResp) => {
      if (call.cancelled || call.destroyed) return;
      if (!call.write(message)) await writable(call);
    };
    const sendEvent = (event: StoredEvent) =>
      send(new ReadResp().setEvent(this.readEvent(event, structured)));

    if (options.hasSubscription()) {
      await this.subscribe(call, options, filter, structured, send);
      return;
    }
    const count = options.hasCount() ? Number(options.getCount()) : Number.MAX_SAFE_INTEGER;
    const backwards = options.getReadDirection() === ReadReq.Options.ReadDirection.BACKWARDS;
    let selected: StoredEvent[];
    if (options.hasStream()) {
      const streamOptions = options.getStream()!;
      const streamName = nameOf(streamOptions.getStreamIdentifier());
      const stream = this.streams.get(streamName);
      if (!stream) {
        await send(
          new ReadResp().setStreamNotFound(
            new ReadResp.StreamNotFound().setStreamIdentifier(streamOptions.getStreamIdentifier()),
          ),
        );
        call.end();
        return;
      }
      const revision = streamOptions.hasRevision() ? Number(streamOptions.getRevision()) : null;
      if (backwards) {
        const upTo =
          streamOptions.hasEnd() || revision === null
            ? stream.length - 1
            : Math.min(revision, stream.length - 1);
        selected = stream.slice(0, upTo + 1).reverse();
      } else {
        selected = stream.slice(streamOptions.hasStart() || revision === null ? 0 : revision);
      }
    } else {
      const all = options.getAll()!;
      const from = all.hasPosition() ? BigInt(all.getPosition()!.getCommitPosition()) : null;
      if (backwards) {
        // Backwards from a position: the events before it.
        const before =
          all.hasEnd() || from === null ? this.log : this.log.filter((event) => event.position < from);
        selected = [...before].reverse();
      } else {
        // Forwards from a position: the event at it and those after.
        selected =
          all.hasStart() || from === null ? this.log : this.log.filter((event) => event.position >= from);
      }
      selected = selected.filter(filter);
    }
    for (const event of selected.slice(0, count)) await sendEvent(event);
    call.end();
  }

  /** Confirmation, catch-up from the position (exclusive), caught-up, then live; until cancelled. */
  private async subscribe(
    call: grpc.ServerWritableStream<Streams.ReadReq, Streams.ReadResp>,
    options: Streams.ReadReq.Options,
    filter: Filter,
    structured: boolean,
    send: (message: Streams.ReadResp) => Promise<void>,
  ): Promise<void> {
    let source: () => StoredEvent[];
    let next: number;
    if (options.hasStream()) {
      const streamOptions = options.getStream()!;
      const streamName = nameOf(streamOptions.getStreamIdentifier());
      source = () => this.streams.get(streamName) ?? [];
      next = streamOptions.hasEnd()
        ? source().length
        : streamOptions.hasRevision()
          ? Number(streamOptions.getRevision()) + 1
          : 0;
    } else {
      const all = options.getAll()!;
      source = () => this.log;
      if (all.hasEnd()) next = this.log.length;
      else if (all.hasPosition()) {
        const from = BigInt(all.getPosition()!.getCommitPosition());
        next = this.log.findIndex((event) => event.position > from);
        if (next < 0) next = this.log.length;
      } else next = 0;
    }
    const window = options.hasFilter()
      ? options.getFilter()!.hasMax()
        ? options.getFilter()!.getMax()
        : 32
      : 0;
    const checkpointEvery = window * Math.max(options.getFilter()?.getCheckpointintervalmultiplier() ?? 1, 1);
    let scannedSinceCheckpoint = 0;
    let caughtUp = false;

    await send(
      new ReadResp().setConfirmation(new ReadResp.SubscriptionConfirmation().setSubscriptionId(randomUUID())),
    );
    let appended: () => void = () => undefined;
    const listener = () => appended();
    this.listeners.add(listener);
    try {
      while (!call.cancelled && !call.destroyed && !call.writableEnded) {
        const events = source();
        if (next < events.length) {
          const event = events[next++]!;
          if (filter(event)) await send(new ReadResp().setEvent(this.readEvent(event, structured)));
          if (checkpointEvery > 0 && ++scannedSinceCheckpoint >= checkpointEvery) {
            scannedSinceCheckpoint = 0;
            const position = event.position.toString();
            await send(
              new ReadResp().setCheckpoint(
                new ReadResp.Checkpoint().setCommitPosition(position).setPreparePosition(position),
              ),
            );
          }
          continue;
        }
        if (!caughtUp) {
          caughtUp = true;
          await send(new ReadResp().setCaughtUp(new ReadResp.CaughtUp()));
        }
        await new Promise<void>((resolve) => {
          const done = () => {
            call.off('cancelled', done);
            call.off('close', done);
            call.off('finish', done);
            appended = () => undefined;
            resolve();
          };
          appended = done;
          call.on('cancelled', done);
          call.on('close', done);
          call.on('finish', done);
        });
      }
    } finally {
      this.listeners.delete(listener);
    }
  }

  private readEvent(event: StoredEvent, structured: boolean): Streams.ReadResp.ReadEvent {
    const recorded = new ReadResp.ReadEvent.RecordedEvent()
      .setId(uuidOf(event.id, structured))
      .setStreamIdentifier(new StreamIdentifier().setStreamName(Buffer.from(event.streamName, 'utf8')))
      .setStreamRevision(event.revision.toString())
      .setCommitPosition(event.position.toString())
      .setPreparePosition(event.position.toString())
      .setData(event.data)
      .setCustomMetadata(event.customMetadata);
    recorded
      .getMetadataMap()
      .set('type', event.type)
      .set('content-type', event.contentType)
      .set('created', event.created.toString());
    return new ReadResp.ReadEvent().setEvent(recorded).setCommitPosition(event.position.toString());
  }
}
