import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isMessageKey, type ErrorCode } from '@sala/contract';
import { HttpError, errorBody, requestLanguage } from './http-errors.js';

/** Fastify's own client-error codes, mapped to ours. */
const fastifyClientErrors: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  // @fastify/multipart
  FST_REQ_FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_PARTS_LIMIT: 'BAD_REQUEST',
  FST_FILES_LIMIT: 'BAD_REQUEST',
  FST_FIELDS_LIMIT: 'BAD_REQUEST',
  FST_PROTO_VIOLATION: 'BAD_REQUEST',
  FST_INVALID_JSON_FIELD_ERROR: 'BAD_REQUEST',
  FST_MP_PREMATURE_CLOSE: 'BAD_REQUEST',
  // The router's own: a path that is not valid percent-encoding, a parameter past its length.
  FST_ERR_BAD_URL: 'BAD_REQUEST',
  FST_ERR_MAX_PARAM_LENGTH: 'BAD_REQUEST',
};

/**
 * The multipart parser's (busboy's) own errors, raised while a handler reads an upload: they
 * carry no code, only their message, and all come from a malformed body.
 */
const multipartParseErrors = [
  /^Multipart: Boundary not found$/,
  /^Unexpected end of multipart data$/,
  /terminated early due to unexpected end of multipart data$/,
  /^Unsupported Content-Type\.$/,
];
const isMultipartParseError = (error: { code?: unknown; message?: unknown }) =>
  error.code === undefined &&
  multipartParseErrors.some((pattern) => pattern.test(String(error.message)));

function statusCodeOf(code: ErrorCode, fallback: number): number {
  if (code === 'PAYLOAD_TOO_LARGE' || code === 'FILE_TOO_LARGE') return 413;
  if (code === 'UNSUPPORTED_MEDIA_TYPE') return 415;
  if (code === 'BAD_REQUEST') return 400;
  return fallback;
}

/**
 * Errors the router meets before any route or hook runs (a malformed percent-encoding in the
 * path, a parameter longer than `maxParamLength`): Fastify's `frameworkErrors` option. Without
 * it Fastify answers them itself, in English, with its own code and the path echoed back.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const lang = requestLanguage(request.headers['accept-language']);
  const code = fastifyClientErrors[error.code] ?? 'BAD_REQUEST';
  // No hook runs for these: the request id header is set here (app.ts sets it for the rest).
  return reply
    .status(statusCodeOf(code, 400))
    .header('x-request-id', request.id)
    .send(errorBody(code, lang, request.id));
}

/**
 * One place where every error becomes an answer: a 4xx with a code and a translated message
 * for anything a client can send, a 500 without details for everything else. Stack traces stay
 * in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const lang = requestLanguage(request.headers['accept-language']);

    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .send(errorBody(error.code, lang, request.id, error.fieldErrors, error.details));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const where = (issue.instancePath || '').replace(/^\//, '').replaceAll('/', '.');
        const key = where || error.validationContext || 'body';
        const message = issue.message ?? '';
        (fieldErrors[key] ??= []).push(isMessageKey(message) ? message : 'INVALID_VALUE');
      }
      return reply.status(400).send(errorBody('VALIDATION_ERROR', lang, request.id, fieldErrors));
    }

    if (isMultipartParseError(error)) {
      return reply.status(400).send(errorBody('BAD_REQUEST', lang, request.id));
    }

    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code: ErrorCode =
        fastifyClientErrors[error.code] ??
        (status === 404
          ? 'NOT_FOUND'
          : status === 405
            ? 'METHOD_NOT_ALLOWED'
            : status === 429
              ? 'TOO_MANY_REQUESTS'
              : 'BAD_REQUEST');
      return reply.status(statusCodeOf(code, status)).send(errorBody(code, lang, request.id));
    }

    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('SERVER_ERROR', lang, request.id));
  });
}
