import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
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

/** Bodies are parsed against their DTO: unknown fields refused, each problem names its field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) =>
      new BadRequestException({ code: ErrorCodes.VALIDATION_FAILED, message: describe(errors).join('; ') }),
  });
}
