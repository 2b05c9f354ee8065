import type { Handlers } from '../ipc/router';
import type { HealthService } from './health-service';

/** The environment is a setting (settings.update); a change re-announces health (see services.ts). */
export function appHandlers(health: HealthService): Pick<Handlers, 'app.health'> {
  return { 'app.health': () => health.report() };
}
