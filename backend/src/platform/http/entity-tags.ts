import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';

/** An entity tag without its weak marker: `If-None-Match` compares weakly (RFC 9110 §13.1.2). */
const bare = (value: string) => value.trim().replace(/^W\//, '');

/**
 * Sets the answer's entity tag, and asks browsers to keep the answer but check it with the server
 * before each use. True when the request's `If-None-Match` already names this tag (the answer is
 * then `304 Not Modified` without a body). The caller makes the tag unique to the body it would
 * send (equal tags, equal bodies).
 */
function alreadyHeld(request: Request, response: Response, tag: string): boolean {
  // Weak: the tag names the JSON, which goes out in whichever content-coding the request accepts.
  response.setHeader('ETag', `W/${tag}`);
  response.setHeader('Cache-Control', 'private, no-cache');
  const held = (request.headers['if-none-match'] ?? '')
    .split(',')
    .some((value) => value.trim() === '*' || bare(value) === bare(tag));
  // A request's `Cache-Control: no-cache` (fetch() adds it to any request with If-None-Match) is
  // for caches on the way, not for the server's own precondition (RFC 9110 §13.2.1); Express's
  // freshness check would read it as "answer in full", so it is dropped once the tag matched.
  if (held) delete request.headers['cache-control'];
  return held;
}

/** An answer and the entity tag unique to its body (null: not cacheable, sent as any answer). */
export interface TaggedAnswer<T> {
  value: T;
  tag: string | null;
}

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The JSON bodies of tagged answers, each serialized and compressed once per tag and encoding
 * (per app: tags are unique within one install's data). A burst of reads at one read state then
 * costs no serialization and no compression: the answer's bytes are sent as they were kept. The
 * compression middleware leaves a body it finds already encoded alone; bodies under its threshold
 * go as they are, as it would send them.
 */
@Injectable()
export class EncodedBodies {
  private readonly bodies = new Map<string, Buffer>();
  /** Bodies kept, least recently used dropped first (a board page compresses to a few KB). */
  maxBodies = 256;
  /** Bodies shorter than this are not compressed (the compression middleware's default; tests lower it). */
  threshold = 1024;
  /** Bodies serialized and compressed so far (tests count them). */
  encoded = 0;

  /**
   * Answers `request` with `answer`: 304 when it already holds the tag, else the body in the best
   * encoding it accepts (brotli, then gzip), from the kept bodies when this tag was sent before.
   */
  send<T>(request: Request, response: Response, answer: TaggedAnswer<T>): void {
    if (answer.tag === null) {
      response.json(answer.value);
      return;
    }
    // On a 304 too: it carries the headers the full answer would (RFC 9110 §15.4.5).
    response.vary('Accept-Encoding');
    if (alreadyHeld(request, response, answer.tag)) {
      response.status(304).end();
      return;
    }
    const accepted = (['br', 'gzip'] as const).find((name) => request.acceptsEncodings(name) === name);
    const { body, encoding } = this.body(answer.tag, answer.value, accepted ?? 'identity');
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    if (encoding !== 'identity') response.setHeader('Content-Encoding', encoding);
    response.setHeader('Content-Length', body.length);
    response.end(body);
  }

  private body(tag: string, value: unknown, wanted: Encoding): { body: Buffer; encoding: Encoding } {
    const plain = this.kept(`${tag}|identity`, () => Buffer.from(JSON.stringify(value)));
    if (wanted === 'identity' || plain.length < this.threshold) return { body: plain, encoding: 'identity' };
    const compress = () =>
      wanted === 'br'
        ? brotliCompressSync(plain, {
            params: {
              // The compression middleware's brotli quality: fast, and smaller than gzip.
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
            },
          })
        : gzipSync(plain);
    return { body: this.kept(`${tag}|${wanted}`, compress), encoding: wanted };
  }

  private kept(key: string, make: () => Buffer): Buffer {
    let body = this.bodies.get(key);
    if (body === undefined) {
      body = make();
      this.encoded += 1;
    }
    // Most recently used last.
    this.bodies.delete(key);
    this.bodies.set(key, body);
    while (this.bodies.size > this.maxBodies) this.bodies.delete(this.bodies.keys().next().value!);
    return body;
  }
}
