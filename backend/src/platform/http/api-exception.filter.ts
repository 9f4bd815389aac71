import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ErrorCodes, errorStatus, type ApiErrorBody, type ErrorCode } from '@treble/contracts';
import { ConcurrentChangeError, DomainError } from '../../shared/domain/domain-error.js';
import { EXPECTED_ERROR_CODE } from './request-context.js';

const codeByStatus: Record<number, ErrorCode> = {
  400: ErrorCodes.VALIDATION_FAILED,
  401: ErrorCodes.UNAUTHENTICATED,
  403: ErrorCodes.FORBIDDEN_ADMIN_ONLY,
  404: ErrorCodes.NOT_FOUND,
  409: ErrorCodes.CONCURRENCY_CONFLICT,
  413: ErrorCodes.VALIDATION_FAILED,
  415: ErrorCodes.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCodes.RATE_LIMITED,
};

function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  if (typeof message === 'string') return message;
  return exception.message;
}

/**
 * A 5xx the server meant to give: a DomainError with its stable code (the results provider is not
 * set up or is down, e-mail is off). It is the state of the deployment, not a bug, so it is logged
 * as one warning line without a stack. A DomainError that says INTERNAL_ERROR is still a bug.
 */
export function isExpectedServerError(exception: unknown): exception is DomainError {
  return exception instanceof DomainError && exception.code !== ErrorCodes.INTERNAL_ERROR;
}

/**
 * The one place errors become HTTP answers: `{ statusCode, code, message }`, with the status that
 * belongs to the code (contracts). Unexpected errors are logged with their stack and answered as a
 * plain 500; an expected 5xx (isExpectedServerError) is logged as a warning line.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const response = context.getResponse<Response>();
    const request = context.getRequest<Request>();
    const body = this.toBody(exception, request);
    if (body.statusCode >= 500 && isExpectedServerError(exception)) {
      this.logger.warn(
        `${request.method} ${request.originalUrl} answered ${body.statusCode} ${body.code}: ${body.message} correlationId=${request.correlationId ?? '-'}`,
      );
      response.locals[EXPECTED_ERROR_CODE] = body.code;
    } else if (body.statusCode >= 500) {
      this.logger.error(
        `${request.method} ${request.originalUrl} failed: ${exception instanceof Error ? (exception.stack ?? exception.message) : String(exception)}`,
      );
    }
    if (response.headersSent) return;
    response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown, request: Request): ApiErrorBody {
    if (exception instanceof DomainError) {
      return {
        ...exception.details,
        statusCode: errorStatus[exception.code],
        code: exception.code,
        message: exception.message,
      };
    }
    if (exception instanceof ConcurrentChangeError) {
      return {
        statusCode: 409,
        code: ErrorCodes.CONCURRENCY_CONFLICT,
        message: 'Someone else changed this at the same moment. Please try again.',
      };
    }
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const response = exception.getResponse();
      const explicit =
        typeof response === 'object' && response !== null ? (response as { code?: unknown }).code : undefined;
      if (typeof explicit === 'string' && explicit in errorStatus) {
        // Fields besides the three (e.g. send-invite's `fallbackLink`) travel along.
        const {
          statusCode: _status,
          code: _code,
          message: _message,
          error: _error,
          ...details
        } = response as Record<string, unknown>;
        return { ...details, statusCode, code: explicit as ErrorCode, message: messageOf(exception) };
      }
      if (statusCode === 403 && /^Cross-origin request detected/.test(messageOf(exception))) {
        // Nest's enableCsrfProtection() (see app.ts) refuses with a plain ForbiddenException.
        return {
          statusCode,
          code: ErrorCodes.CROSS_ORIGIN_REFUSED,
          message: 'Cross-origin requests are refused.',
        };
      }
      if (statusCode === 404 && /^Cannot (GET|POST|PUT|PATCH|DELETE)/.test(messageOf(exception))) {
        return {
          statusCode,
          code: ErrorCodes.ROUTE_NOT_FOUND,
          message: `No API route ${request.method} ${request.originalUrl.split('?')[0]}`,
        };
      }
      const code =
        codeByStatus[statusCode] ??
        (statusCode >= 500 ? ErrorCodes.INTERNAL_ERROR : ErrorCodes.VALIDATION_FAILED);
      return { statusCode, code, message: messageOf(exception) };
    }
    // Body-parser failures (malformed JSON, too large) carry an HTTP status of their own.
    const status = (exception as { status?: unknown; type?: unknown })?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const type = (exception as { type?: unknown }).type;
      const message =
        type === 'entity.parse.failed' ? 'The request body is not valid JSON' : (exception as Error).message;
      return { statusCode: status, code: codeByStatus[status] ?? ErrorCodes.VALIDATION_FAILED, message };
    }
    return {
      statusCode: 500,
      code: ErrorCodes.INTERNAL_ERROR,
      message: 'Something went wrong on our side. Please try again.',
    };
  }
}
