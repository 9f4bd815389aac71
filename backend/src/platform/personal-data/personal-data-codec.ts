import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { personalDataByType } from '../../shared/domain/personal-data.js';
import { erased, type PersonKeys } from './person-keys.js';

/*
 * The codec between events as the app sees them and as they are stored (docs/adr/017): the fields
 * `personalDataByType` names are sealed with their person's key (AES-256-GCM, the person and the
 * field as additional data, so a sealed value cannot be moved to another field or person), as
 * `pd1.{iv}.{ciphertext+tag}`. Without the key (the person was erased) they read as null. Values
 * stored before this codec existed (plain text) read as they are; the upgrade seals them once.
 */

const prefix = 'pd1.';

const isSealed = (value: unknown): value is string => typeof value === 'string' && value.startsWith(prefix);

const additionalData = (subject: string, field: string) => Buffer.from(`${subject}\u0000${field}`);

export function sealValue(key: Buffer, subject: string, field: string, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(additionalData(subject, field));
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${prefix}${iv.toString('base64url')}.${body.toString('base64url')}`;
}

export function openValue(key: Buffer, subject: string, field: string, sealed: string): string {
  const [ivText, bodyText] = sealed.slice(prefix.length).split('.');
  const body = Buffer.from(bodyText ?? '', 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText ?? '', 'base64url'));
  decipher.setAAD(additionalData(subject, field));
  decipher.setAuthTag(body.subarray(body.length - 16));
  return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

type Data = Record<string, unknown>;

/** Whose personal data an event carries, if any (the subject field of its data). */
function subjectOf(type: string, data: unknown): string | null {
  const personal = personalDataByType[type];
  if (!personal || typeof data !== 'object' || data === null) return null;
  const subject = (data as Data)[personal.subject];
  return typeof subject === 'string' ? subject : null;
}

/** Each personal field through `change` (null stays null), in a copy of the data. */
function mapFields(type: string, data: unknown, change: (field: string, value: unknown) => unknown): unknown {
  const copy: Data = { ...(data as Data) };
  for (const field of personalDataByType[type]!.fields) {
    if (copy[field] !== undefined && copy[field] !== null) copy[field] = change(field, copy[field]);
  }
  return copy;
}

/** The data as it is stored: personal fields sealed (or dropped, for an erased person). */
export async function sealData<E extends { type: string; data: unknown }>(
  keys: PersonKeys,
  events: E[],
): Promise<E[]> {
  const subjects = events.map((event) => subjectOf(event.type, event.data));
  if (subjects.every((subject) => subject === null)) return events;
  const found = await keys.findOrCreate(subjects.filter((subject) => subject !== null));
  return events.map((event, index) => {
    const subject = subjects[index];
    if (subject === null || subject === undefined) return event;
    const key = found.get(subject)!;
    const data = mapFields(event.type, event.data, (field, value) =>
      key === erased ? null : isSealed(value) ? value : sealValue(key, subject, field, String(value)),
    );
    return { ...event, data };
  });
}

/** The data as the app reads it: sealed fields opened, or null once the person's key is gone. */
export async function openData<E extends { type: string; data: unknown }>(
  keys: PersonKeys,
  events: E[],
): Promise<E[]> {
  const sealedSubjects = new Set<string>();
  for (const event of events) {
    const subject = subjectOf(event.type, event.data);
    if (
      subject !== null &&
      personalDataByType[event.type]!.fields.some((f) => isSealed((event.data as Data)[f]))
    )
      sealedSubjects.add(subject);
  }
  if (sealedSubjects.size === 0) return events;
  const found = await keys.find([...sealedSubjects]);
  return events.map((event) => {
    const subject = subjectOf(event.type, event.data);
    if (subject === null || !sealedSubjects.has(subject)) return event;
    const key = found.get(subject);
    const data = mapFields(event.type, event.data, (field, value) =>
      !isSealed(value) ? value : key === undefined ? null : openValue(key, subject, field, value),
    );
    return { ...event, data };
  });
}
