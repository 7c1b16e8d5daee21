// GET /v2/openapi.json: the API description (http/openapi.ts), public. Made at the first request, when
// every module has registered its RPCs, and kept: neither the routes nor the RPCs change while running.
import { describeApi } from '../http/openapi.ts';
import type { RawResponse, Route, RouteTable } from '../http/routes.ts';
import type { Registry } from '../runtime/registry.ts';

/** table: the route table the server answers from, which the description lists. */
export function openapiRoutes(table: RouteTable, registry: Registry): Route[] {
  let body: string | undefined;
  return [
    {
      method: 'GET',
      path: '/v2/openapi.json',
      auth: 'none',
      handler(): RawResponse {
        body ??= JSON.stringify(describeApi(table.routes(), registry));
        return { raw: true, status: 200, body, contentType: 'application/json' };
      },
    },
  ];
}
