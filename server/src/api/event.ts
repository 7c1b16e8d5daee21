// POST /v2/event: an analytics event handed to the handlers modules registered.
import { invalid } from '../errors.ts';
import type { Route } from '../http/routes.ts';
import type { Registry } from '../runtime/registry.ts';

export function eventRoutes(registry: Registry): Route[] {
  return [
    {
      method: 'POST',
      path: '/v2/event',
      auth: 'bearer',
      async handler(req) {
        const b = req.body();
        const name = b.string('name');
        if (!name) throw invalid('Event name is required.');
        if (name.length > 256) throw invalid('Event name must be at most 256 characters.');
        const properties = b.stringMap('properties') ?? {};
        registry.dispatchEvent(
          { userId: req.session.uid, username: req.session.usn, clientIp: req.clientIp },
          { name, properties, timestamp: b.timestamp('timestamp') ?? new Date(), external: b.bool('external') ?? false },
        );
        return {};
      },
    },
  ];
}
