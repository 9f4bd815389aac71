/**
 * Request bodies that no route may take (issue 22), as raw JSON text: a JavaScript object literal
 * would take `__proto__` as its prototype and drop it, so these are spliced as text.
 */

/** Field names JavaScript gives a meaning of their own: refused in every body, at any depth. */
export const forbiddenKeys = ['__proto__', 'constructor', 'prototype'] as const;

/** Well-formed bodies of a few operations (fields only), which a forbidden field beside them must still spoil. */
export const wellFormedFields: Record<string, string> = {
  'POST /api/choices': '"periodId":20,"optionId":"20-CHE"',
  'POST /api/invites': '"maxUses":3',
  'POST /api/admin/setup/season': '"season":"2025-26"',
  'POST /api/admin/seasons/next': '"force":true',
  'PATCH /api/auth/user': '"firstName":"Mallory"',
};

/** The fixed hostile bodies for an operation whose well-formed fields are `good` (or none). */
export function hostileTexts(good = ''): string[] {
  const and = (text: string) => (good ? `${text},${good}` : text);
  return [
    ...forbiddenKeys.map((key) => `{${and(`"${key}":{"isAdmin":true}`)}}`),
    `{${and('"a":[{"b":{"constructor":{"prototype":{}}}}]')}}`,
    '[]',
    '[{}]',
    `[{${good}}]`,
    '[{"season":"1899-00"}]',
  ];
}

/**
 * `value` (a body object) made hostile: `key` beside its fields, one level down in place of
 * `field` (JSON keeps the last of a repeated name, so the field becomes an object holding the key),
 * or the whole body in an array.
 */
export function splice(
  value: object,
  key: string,
  inner: unknown,
  where: 'beside' | 'below' | 'array',
  field: string,
): string {
  const body = JSON.stringify(value);
  const fields = body.slice(1, -1);
  const spliced = `"${key}":${JSON.stringify(inner)}`;
  if (where === 'array') return `[${body}]`;
  if (where === 'beside') return `{${spliced}${fields ? `,${fields}` : ''}}`;
  return `{${fields ? `${fields},` : ''}"${field}":{${spliced}}}`;
}
