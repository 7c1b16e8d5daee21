// The API description, an OpenAPI 3.1 document made from what the server runs: every route of the route
// table (its method, path and credentials; its parameters, body and answer from openapi-shapes.ts) and
// every RPC of the registry, each as POST /v2/rpc/<id> with its payload's schema as the module describes
// it, and the video routes the server answers before the table (openapi-videos.ts). Served at
// GET /v2/openapi.json (api/openapi.ts). It names the keys' settings, never their values.
import fs from 'node:fs';
import path from 'node:path';
import type { Registry } from '../runtime/registry.ts';
import { MESSAGES } from './openapi-messages.ts';
import { ROUTE_SHAPES, type RouteShape } from './openapi-shapes.ts';
import { VIDEO_PATHS } from './openapi-videos.ts';
import type { Route } from './routes.ts';

type Json = Record<string, unknown>;

const SECURITY_SCHEMES = {
  session: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A session token (HS256 JWT) from an authenticate call or a session refresh.',
  },
  serverKey: {
    type: 'http',
    scheme: 'basic',
    description: 'The server key (SERVER_KEY) as the username, with an empty password.',
  },
  httpKey: {
    type: 'apiKey',
    in: 'query',
    name: 'http_key',
    description: 'The HTTP key (HTTP_KEY) of server-to-server RPC calls.',
  },
  httpKeyBasic: {
    type: 'http',
    scheme: 'basic',
    description: 'The HTTP key (HTTP_KEY) as the username, with an empty password: the same as http_key.',
  },
};

/** Credentials of each kind of route; a custom route checks its own (the RPC routes: a session or the HTTP key). */
const SECURITY: Record<Route['auth'], Json[]> = {
  basic: [{ serverKey: [] }],
  bearer: [{ session: [] }],
  none: [],
  custom: [{ session: [] }, { httpKey: [] }, { httpKeyBasic: [] }],
};

const INFO_DESCRIPTION =
  'The REST API of Tribuna\'s game backend, which speaks Nakama\'s client API (protojson: snake_case names, ' +
  'empty fields left out, int64 as strings), and the RPCs of its runtime modules. Errors are ' +
  '`{"code": <gRPC code>, "message": ...}` with the matching HTTP status; an RPC\'s errors carry `error` too. ' +
  'The realtime socket (/ws) is not described here.';

const schemaRef = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json): Json => ({ 'application/json': { schema } });

function version(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

function queryParameter(name: string, type: string): Json {
  const schema = type === 'string[]' ? { type: 'array', items: { type: 'string' } } : { type };
  return { name, in: 'query', required: false, schema };
}

function pathParameters(p: string): Json[] {
  return [...p.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
}

/** The errors every operation may answer, in the gateway's shape or the RPC handler's. */
const errors = (shape: string): Json => ({ default: { description: 'A refusal or an error.', content: json(schemaRef(shape)) } });

function answer(shape: RouteShape | undefined): Json {
  if (!shape) return { description: 'A JSON object (not described further).', content: json({ type: 'object' }) };
  if (typeof shape.answer === 'object') {
    return { description: 'The file.', content: { [shape.answer.file]: { schema: { type: 'string', contentEncoding: 'binary' } } } };
  }
  return { description: String(MESSAGES[shape.answer].description), content: json(schemaRef(shape.answer)) };
}

function routeOperation(route: Route): Json {
  const shape = ROUTE_SHAPES[`${route.method} ${route.path}`];
  const op: Json = {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+/g, '_')}`,
    summary: shape?.summary ?? `${route.method} ${route.path}`,
    tags: [route.path.split('/').find((s) => s && s !== 'v2') ?? 'api'],
    security: SECURITY[route.auth],
  };
  if (shape?.description) op.description = shape.description;
  const parameters = [...pathParameters(route.path), ...Object.entries(shape?.query ?? {}).map(([n, t]) => queryParameter(n, t))];
  if (parameters.length) op.parameters = parameters;
  if (shape?.body) op.requestBody = { required: false, content: json(schemaRef(shape.body)) };
  else if (!shape && route.method !== 'GET') op.requestBody = { required: false, content: json({ type: 'object', description: 'A JSON object (not described further).' }) };
  op.responses = { 200: answer(shape), ...errors(route.auth === 'custom' ? 'RpcError' : 'Error') };
  return op;
}

/** Turns a phrase's first letter upper-case: `list_news` reads "List news". */
const sentence = (id: string) => id.charAt(0).toUpperCase() + id.slice(1).replace(/[_.]+/g, ' ');

function rpcOperation(id: string, registry: Registry): Json {
  const d = registry.rpcDescription(id);
  // The payload's schema is a schema inside this document: its own $schema would not be a resource root.
  const { $schema: _, ...input } = d.input ?? {};
  const payload: Json = {
    type: 'string',
    contentMediaType: 'application/json',
    description: 'The payload\'s JSON text as a JSON string (nakama-js sends `JSON.stringify(JSON.stringify(payload))`); empty for none.',
  };
  if (d.input) payload.contentSchema = input;
  const op: Json = {
    operationId: `rpc_${id}`,
    summary: d.summary ?? sentence(id),
    description: [d.description, 'With `?unwrap` the body is the payload\'s JSON itself, and the answer the function\'s JSON itself.']
      .filter(Boolean)
      .join('\n\n'),
    tags: ['rpc'],
    security: d.httpKey === false ? SECURITY.bearer : SECURITY.custom,
    parameters: [{ name: 'unwrap', in: 'query', required: false, schema: { type: 'string' }, description: 'Present (any value): the body and the answer are not wrapped.' }],
    requestBody: { required: false, content: json(payload) },
    responses: { 200: { description: String(MESSAGES.RpcAnswer.description), content: json(schemaRef('RpcAnswer')) }, ...errors('RpcError') },
  };
  return op;
}

/** The OpenAPI document of these routes, the video routes and the registry's RPCs. */
export function describeApi(routes: readonly Route[], registry: Registry): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const item = (paths[route.path] ??= {});
    item[route.method.toLowerCase()] = routeOperation(route);
  }
  Object.assign(paths, VIDEO_PATHS);
  for (const id of registry.rpcIds().sort()) paths[`/v2/rpc/${encodeURIComponent(id)}`] = { post: rpcOperation(id, registry) };
  return {
    openapi: '3.1.1',
    info: { title: 'Tribuna', version: version(), description: INFO_DESCRIPTION },
    servers: [{ url: '/' }],
    paths,
    components: { schemas: MESSAGES, securitySchemes: SECURITY_SCHEMES },
  };
}
