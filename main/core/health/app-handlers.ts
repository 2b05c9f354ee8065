import type { Handlers } from '../ipc/router';
import type { HealthService } from './health-service';

/**
 * app.setEnvironment predates the settings screen and stays for its callers; it
 * goes through the settings service, whose change listener emits
 * app.healthChanged (see services.ts), so both paths announce the change alike.
 */
export function appHandlers(health: HealthService): Pick<Handlers, 'app.health' | 'app.setEnvironment'> {
  return {
    'app.health': () => health.report(),
    'app.setEnvironment': ({ environment }) => health.setEnvironment(environment),
  };
}
