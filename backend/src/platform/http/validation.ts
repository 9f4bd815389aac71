import {
  BadRequestException,
  ValidationPipe,
  type ArgumentMetadata,
  type ValidationError,
} from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { ErrorCodes } from '@treble/contracts';

function describe(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((text) =>
      text.startsWith(error.property) ? `${field}${text.slice(error.property.length)}` : `${field}: ${text}`,
    );
    return [...own, ...describe(error.children ?? [], field)];
  });
}

/** Every whole number the API takes (ids, periods, limits, offsets, points) fits a Postgres `integer`. */
export const maxWholeNumber = 2_147_483_647;
const minWholeNumber = -2_147_483_648;

/** A whole number written plainly in decimal: no sign but `-`, no spaces, hex, exponent or fraction. */
const decimalInteger = /^-?\d{1,10}$/;

/**
 * The number a request field holds, or null when it does not hold a whole number in range. A JSON
 * number must be an integer; text (paths, query strings, and bodies that quote their numbers) must
 * be plain decimal digits. Booleans, arrays and anything else are not numbers.
 */
export function strictWholeNumber(value: unknown): number | null {
  let number: number;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'string' && decimalInteger.test(value)) number = Number(value);
  else return null;
  return Number.isInteger(number) && number >= minWholeNumber && number <= maxWholeNumber ? number : null;
}

function refuse(field: string): BadRequestException {
  return new BadRequestException({
    code: ErrorCodes.VALIDATION_FAILED,
    message: `${field}: must be a whole number (decimal digits, at most ${maxWholeNumber})`,
  });
}

/** The fields of a DTO class under `@IsInt`, cached per class. */
type DtoClass = abstract new (...args: never[]) => unknown;
const numericFieldsOf = new Map<DtoClass, string[]>();
function numericFields(metatype: DtoClass): string[] {
  let fields = numericFieldsOf.get(metatype);
  if (!fields) {
    const rules = getMetadataStorage().getTargetValidationMetadatas(metatype, '', true, false);
    fields = [
      ...new Set(
        rules.filter((rule) => rule.name === 'isInt' && !rule.each).map((rule) => rule.propertyName),
      ),
    ];
    numericFieldsOf.set(metatype, fields);
  }
  return fields;
}

/**
 * Nest's ValidationPipe, strict about numbers. Left alone it reads numbers the JavaScript way
 * before any rule sees them: a `number` path or query parameter becomes `+value` (`0x10` is 16,
 * `1e1` 10, ` 1` 1, `2147483648` reaches Postgres and overflows) and `@Type(() => Number)` makes
 * `true` a 1. Here every `number` parameter and every field under `@IsInt` must hold a
 * plain decimal whole number that fits an `integer` column (see `strictWholeNumber`) before the
 * usual transform and validation run, for every route at once.
 */
class StrictValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const { metatype, type, data } = metadata;
    if ((type === 'param' || type === 'query') && metatype === Number && data) {
      if (value === undefined) return undefined;
      const number = strictWholeNumber(value);
      if (number === null) throw refuse(data);
      return number;
    }
    if (
      (type === 'body' || type === 'query') &&
      typeof metatype === 'function' &&
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value)
    ) {
      const fields = value as Record<string, unknown>;
      for (const field of numericFields(metatype as DtoClass)) {
        const raw = fields[field];
        if (raw !== undefined && raw !== null && strictWholeNumber(raw) === null) throw refuse(field);
      }
    }
    return super.transform(value, metadata);
  }
}

/** Bodies are parsed against their DTO: unknown fields refused, each problem names its field. */
export function createValidationPipe(): ValidationPipe {
  return new StrictValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) =>
      new BadRequestException({ code: ErrorCodes.VALIDATION_FAILED, message: describe(errors).join('; ') }),
  });
}
