import type { ServiceEndpoints } from '../../common/protocol/endpoints';
import type { Environment } from '../../common/protocol/environments';
import type { ConnectionHealth, ServiceHealth, ServiceState } from '../../common/settings/health-schema';
import { SERVICE_LABELS, type ConfigurableService } from '../../common/settings/settings-schema';
import { createApiClient, type ApiClient } from '../api/api-client';
import type { RequestOutcome } from '../api/http-client';
import { probeService } from './probe';
import { PeriodicTask } from '../periodic-task';
import type { RateLimiter } from '../api/rate-limiter';
import { createConsoleLogger, type Logger } from '../log';

export interface MonitorTiming {
  /** Between probes while every service answers. */
  okIntervalMs: number;
  /** Between probes while any service does not: short, so recovery shows quickly. */
  offlineIntervalMs: number;
  /** An answer slower than this marks the service slow. */
  slowMs: number;
  /** A probe that takes longer than this counts as offline. */
  timeoutMs: number;
}

export const DEFAULT_MONITOR_TIMING: MonitorTiming = { okIntervalMs: 30_000, offlineIntervalMs: 3_000, slowMs: 2_500, timeoutMs: 5_000 };

export interface MonitorOptions {
  /** The app's rate limiter (appRateLimiter), shared with its API client. */
  limiter?: RateLimiter;
  endpoints: () => ServiceEndpoints;
  environment: () => Environment;
  /** The chain the probes ask about (the active one). */
  chainId: () => number;
  onChange: (health: ConnectionHealth) => void;
  timing?: Partial<MonitorTiming>;
  fetch?: typeof fetch;
  now?: () => number;
  /** Where a probe round that failed unexpectedly is reported (the console when none is given). */
  log?: Logger;
}

const SERVICES: readonly ConfigurableService[] = ['orderbook', 'tokenService'];

/**
 * Connection health per service. It listens to every request the app makes
 * (`record`, fed by the API client's onOutcome) and, so that a silent app still
 * notices an outage and its end, probes each service itself on a timer: slowly
 * while all is well, every few seconds while something is not. Probes use their
 * own one-attempt client: the app's retries and backoff would hide an outage
 * for half a minute.
 */
export class ConnectionMonitor {
  private readonly timing: MonitorTiming;
  private readonly now: () => number;
  private probeClient: ApiClient;
  /** Bumped on reset: outcomes of probes sent to the previous hosts are dropped. */
  private generation = 0;
  private health = new Map<ConfigurableService, ServiceHealth>();
  /** Probe rounds: slowly while all is well, quickly while a service is not. */
  private readonly rounds: PeriodicTask;

  constructor(private readonly options: MonitorOptions) {
    this.timing = { ...DEFAULT_MONITOR_TIMING, ...options.timing };
    this.now = options.now ?? Date.now;
    this.probeClient = this.createProbeClient();
    this.resetStates();
    this.rounds = new PeriodicTask({
      name: 'connection health',
      run: () => this.probeRound(),
      nextInMs: () => (SERVICES.every((service) => ['ok', 'slow'].includes(this.entry(service).state)) ? this.timing.okIntervalMs : this.timing.offlineIntervalMs),
      log: options.log ?? createConsoleLogger(),
    });
  }

  private createProbeClient(): ApiClient {
    const generation = this.generation;
    return createApiClient({
      endpoints: this.options.endpoints,
      environment: this.options.environment,
      maxAttempts: 1,
      timeoutMs: this.timing.timeoutMs,
      // The app's own budget: a probe beside the app's traffic would send past the service's limit (429s the app then waits out).
      ...(this.options.limiter ? { limiter: this.options.limiter } : {}),
      onOutcome: (outcome) => {
        // A probe that left before a reset asked the old hosts: its answer says nothing about the new ones.
        if (generation === this.generation) this.record(outcome, true);
      },
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
    });
  }

  snapshot(): ConnectionHealth {
    return { environment: this.options.environment(), services: SERVICES.map((service) => this.entry(service)) };
  }

  start(): void {
    this.rounds.start();
  }

  /** Whether probes run on their timer (the composition's parity check reads it). */
  isRunning(): boolean {
    return this.rounds.isStarted;
  }

  /** No more probes; one under way ends now (waiting in the shared limiter, it would keep a quitting app alive). */
  stop(): void {
    this.probeClient.close();
    void this.rounds.stop();
  }

  /** The environment or a base URL changed: what we knew is about other hosts. */
  reset(): void {
    this.generation += 1;
    this.probeClient.close();
    this.probeClient = this.createProbeClient();
    this.resetStates();
    // A round under way asks the old hosts: let it go, and start a fresh one.
    this.rounds.release();
    this.emit();
    if (this.rounds.isStarted) void this.checkNow();
  }

  /** Probes both services now (joining a round already under way) and reschedules. */
  async checkNow(): Promise<ConnectionHealth> {
    await this.rounds.runNow();
    return this.snapshot();
  }

  /** One request's outcome; `fromProbe` is set for our own probes, whose 4xx means a wrong service. */
  record(outcome: RequestOutcome, fromProbe = false): void {
    const service = outcome.service as ConfigurableService;
    if (!SERVICES.includes(service)) return;
    const before = this.entry(service);
    const now = this.now();
    const state = this.stateOf(outcome, fromProbe);
    const answered = state === 'ok' || state === 'slow';
    const next: ServiceHealth = {
      ...before,
      state,
      lastCheckedAt: now,
      latencyMs: outcome.status === 0 ? before.latencyMs : Math.round(outcome.durationMs),
      lastOkAt: answered ? now : before.lastOkAt,
      lastError: answered ? before.lastError : (outcome.error ?? `The service answered HTTP ${outcome.status}.`),
      rateLimitedUntil: state === 'rate-limited' ? now + (outcome.retryAfterMs ?? this.timing.offlineIntervalMs) : null,
    };
    this.health.set(service, next);
    if (before.state !== next.state || before.lastError !== next.lastError || (next.lastOkAt ?? 0) - (before.lastOkAt ?? 0) >= 1_000) {
      this.emit();
    }
  }

  /** What is known of one service now (the API client fails user reads fast while it is offline). */
  state(service: string): ServiceState {
    return SERVICES.includes(service as ConfigurableService) ? this.entry(service as ConfigurableService).state : 'checking';
  }

  private stateOf(outcome: RequestOutcome, fromProbe: boolean): ServiceState {
    // An answer over its size limit came from a broken or hostile server, whatever its status.
    if (outcome.oversize) return 'failing';
    if (outcome.status === 0) return 'offline';
    if (outcome.status === 429) return 'rate-limited';
    // Ordinary traffic gets 4xx for the user's own mistakes (a bad order); that says nothing about health.
    if (outcome.status >= 500 || (fromProbe && outcome.status >= 400)) return 'failing';
    return outcome.durationMs > this.timing.slowMs ? 'slow' : 'ok';
  }

  private async probeRound(): Promise<void> {
    const endpointsAtStart = JSON.stringify(this.options.endpoints());
    await Promise.all(
      SERVICES.map(async (service) => {
        const until = this.entry(service).rateLimitedUntil;
        if (until !== null && until > this.now()) return; // it asked us to wait; probing would only extend the ban
        try {
          await probeService(this.probeClient, service, this.options.chainId());
        } catch (error) {
          // A 200 that is not a CoW answer: the URL points at some other server.
          if (error instanceof Error && 'code' in error && error.code === 'BAD_RESPONSE' && JSON.stringify(this.options.endpoints()) === endpointsAtStart) {
            this.markFailing(service, error.message);
          }
        }
      }),
    );
  }

  private markFailing(service: ConfigurableService, message: string): void {
    this.health.set(service, { ...this.entry(service), state: 'failing', lastError: message });
    this.emit();
  }

  private entry(service: ConfigurableService): ServiceHealth {
    const found = this.health.get(service);
    const baseUrl = this.options.endpoints()[service];
    return found ? { ...found, baseUrl } : this.blank(service);
  }

  private blank(service: ConfigurableService): ServiceHealth {
    return {
      service,
      label: SERVICE_LABELS[service],
      baseUrl: this.options.endpoints()[service],
      state: 'checking',
      latencyMs: null,
      lastOkAt: null,
      lastCheckedAt: null,
      lastError: null,
      rateLimitedUntil: null,
    };
  }

  private resetStates(): void {
    this.health = new Map(SERVICES.map((service) => [service, this.blank(service)]));
  }

  private emit(): void {
    this.options.onChange(this.snapshot());
  }
}
