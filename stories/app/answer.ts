import {
  endpoints,
  endpointSchemas,
  type EndpointName,
  type EndpointParams,
  type EndpointRequest,
  type EndpointResponse,
  type EndpointSchemas,
} from '@sala/contract';
import { http, HttpResponse, type HttpHandler } from 'msw';

/** What a story's handler is told of the call: the path parameters, query, body and request. */
export interface Answered<Name extends EndpointName> {
  /** The path parameters by the contract's names (as the URL has them: text). */
  params: { [Key in keyof EndpointParams<Name>]: string };
  query: URLSearchParams;
  /** The JSON body as the app sent it (an upload's body is left unread: use `request`). */
  body: EndpointRequest<Name> extends { body: infer Body } ? Body : undefined;
  request: Request;
}

/**
 * A mock handler for an endpoint of the contract's table, for stories and component tests: its
 * method and path come from the table, and what it answers is typed by it. Return the answer, or
 * a Response of your own (an error body, another status).
 */
export function answer<Name extends EndpointName>(
  name: Name,
  resolve: (
    call: Answered<NoInfer<Name>>,
  ) =>
    | EndpointResponse<NoInfer<Name>>
    | Response
    | Promise<EndpointResponse<NoInfer<Name>> | Response>,
): HttpHandler {
  const { method, path } = endpoints[name];
  const schemas: EndpointSchemas = endpointSchemas[name];
  const handle = method.toLowerCase() as Lowercase<typeof method>;
  return http[handle](path, async ({ request, params }) => {
    const json = schemas.body && schemas.body !== 'multipart';
    const body = json ? ((await request.clone().json()) as Answered<Name>['body']) : undefined;
    const answered = await resolve({
      params: params as Answered<Name>['params'],
      query: new URL(request.url).searchParams,
      body: body as Answered<Name>['body'],
      request,
    });
    return answered instanceof Response
      ? answered
      : HttpResponse.json(answered as object, { status: schemas.status ?? 200 });
  });
}
