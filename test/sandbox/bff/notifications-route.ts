import { isAddress } from 'viem';
import { json, type Route } from '../http/reply';
import type { SandboxState } from '../state';
import { routeNotFound, validationError } from './answers';

/**
 * GET /accounts/{account}/notifications: the account's items (`[]` when none),
 * cached 300 s. With the CMS integration off the route does not exist (404).
 */
export const notificationsRoute: Route<SandboxState> = {
  method: 'GET',
  pattern: ['accounts', ':account', 'notifications'],
  handle: (request, params, state) => {
    if (!state.notifications.enabled()) return routeNotFound(request.method, request.path);
    const account = params.account ?? '';
    if (!isAddress(account, { strict: false })) return validationError('params/account must be a valid address');
    return json(200, state.notifications.list(account), { 'Cache-Control': 'public, max-age=300' });
  },
};
