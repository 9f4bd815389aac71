/**
 * Which events hold personal data, whose, and in which fields (docs/adr/017). The event store's
 * codec seals those fields with the person's own key before an event is stored and opens them when
 * it is read; erasing the person deletes the key, after which the fields read as null. No decider,
 * handler or projection sees a sealed value: this list is the one place that knows.
 */
export interface PersonalFields {
  /** The data field naming the person the fields are about (a user id). */
  subject: string;
  fields: readonly string[];
}

export const personalDataByType: Readonly<Record<string, PersonalFields>> = {
  UserRegistered: { subject: 'userId', fields: ['email', 'firstName', 'lastName'] },
  UserProfileUpdated: { subject: 'userId', fields: ['firstName', 'lastName', 'profileImageUrl'] },
  UserRemoved: { subject: 'userId', fields: ['email'] },
};

export const personalEventTypes: readonly string[] = Object.keys(personalDataByType);

/** The event's data without its personal fields (the audit trail keeps who and what, not the person's data). */
export function withoutPersonalData(type: string, data: unknown): unknown {
  const personal = personalDataByType[type];
  if (!personal || typeof data !== 'object' || data === null) return data;
  const copy: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const field of personal.fields) delete copy[field];
  return copy;
}
