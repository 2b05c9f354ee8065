import type { EventBus } from '../ipc/event-bus';
import type { Handlers } from '../ipc/router';
import type { HealthService } from './health-service';

export function appHandlers(health: HealthService, events: EventBus): Pick<Handlers, 'app.health' | 'app.setEnvironment'> {
  return {
    'app.health': () => health.report(),
    'app.setEnvironment': ({ environment }) => {
      const report = health.setEnvironment(environment);
      events.emit('app.healthChanged', report);
      return report;
    },
  };
}
