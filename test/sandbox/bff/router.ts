import { matchRoute, type Reply, type Route, type SandboxRequest } from '../http/reply';
import type { SandboxState } from '../state';
import { routeNotFound } from './answers';
import { notificationsRoute } from './notifications-route';
import { tokenListRoute, tokenLogoRoute } from './token-lists';
import { topHoldersRoute, usdPriceRoute } from './tokens';
import { averageAprRoute, poolsRoute } from './yield';

const ROUTES: readonly Route<SandboxState>[] = [tokenListRoute, tokenLogoRoute, usdPriceRoute, topHoldersRoute, poolsRoute, averageAprRoute, notificationsRoute];

/** The token, yield and notification service (bff.cow.fi): numeric chain ids or aliases in the path, no version segment. */
export function createBffHandler(state: SandboxState): (request: SandboxRequest) => Promise<Reply> {
  return async (request) => {
    const match = matchRoute(ROUTES, request.method, request.parts);
    if (match.kind === 'found') return match.route.handle(request, match.params, state);
    // Fastify answers an unknown method like an unknown path.
    return routeNotFound(request.method, request.path);
  };
}
