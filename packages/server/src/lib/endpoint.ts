import {
  endpoints,
  endpointSchemas,
  type EndpointBody,
  type EndpointName,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  type EndpointSchemas,
} from '@sala/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';

/** The request a handler of an endpoint receives: its parameters, query and body, parsed. */
export type EndpointRequest<Name extends EndpointName> = FastifyRequest<{
  Params: EndpointParams<Name>;
  Querystring: EndpointQuery<Name>;
  Body: EndpointBody<Name>;
}>;

/**
 * What a handler gives back: the endpoint's JSON answer, or the reply itself when it sent one
 * (a file, a status of its own).
 */
export type EndpointResult<Name extends EndpointName> = [EndpointResponse<Name>] extends [never]
  ? FastifyReply
  : EndpointResponse<Name> | FastifyReply;

export type EndpointHandler<Name extends EndpointName> = (
  request: EndpointRequest<Name>,
  reply: FastifyReply,
) => Promise<EndpointResult<Name>>;

/** What a module may add to an endpoint's registration: limits and hooks of the server's own. */
export type EndpointOptions = Pick<RouteShorthandOptions, 'bodyLimit' | 'preHandler'>;

/**
 * Registers the handler of an endpoint of the contract's table: its method, path, access and
 * schemas all come from the table, so a module writes only what the endpoint does.
 */
export function route<Name extends EndpointName>(
  app: FastifyInstance,
  name: Name,
  handler: EndpointHandler<Name>,
  options: EndpointOptions = {},
): void {
  const { method, path, access, ...auth } = endpoints[name];
  const schemas: EndpointSchemas = endpointSchemas[name];
  app.route({
    ...options,
    method,
    url: path,
    config: { access, endpoint: name, ...auth },
    schema: {
      ...(schemas.params ? { params: schemas.params } : {}),
      ...(schemas.query ? { querystring: schemas.query } : {}),
      ...(schemas.body && schemas.body !== 'multipart' ? { body: schemas.body } : {}),
      ...(schemas.response ? { response: { [schemas.status ?? 200]: schemas.response } } : {}),
    },
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
