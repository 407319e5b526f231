import { describe, expect, it } from 'vitest';
import { fillPath, routeIds, routeKey, routes, type RouteDefinition } from '../../../shared/api/routes';
import { handlerGroups } from '../../../functions/handlers/groups';
import { existsSync } from 'node:fs';

describe('the route table', () => {
  it('fills path templates, encoding each parameter', () => {
    expect(fillPath('/posts/{postId}/targets/{target}', { postId: 'a b', target: 'x/y' })).toBe('/posts/a%20b/targets/x%2Fy');
  });

  it('refuses to fill a template with a parameter missing', () => {
    expect(() => fillPath('/posts/{postId}', {})).toThrow(/postId/);
  });

  it('names each route by method and path, as API Gateway route keys do', () => {
    expect(routeKey(routes.getMe)).toBe('GET /me');
  });

  it('has one route per method and path', () => {
    const keys = routeIds.map((id) => routeKey(routes[id]));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('sends every route to a handler group whose module exists', () => {
    for (const id of routeIds) {
      const route: RouteDefinition = routes[id];
      expect(existsSync(handlerGroups[route.handler].entry), `${id} → ${route.handler}`).toBe(true);
    }
  });
});
