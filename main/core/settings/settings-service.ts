import type { z } from 'zod';
import { AppError } from '../../common/errors';
import { DEFAULT_ENDPOINTS, type ServiceEndpoints } from '../../common/protocol/endpoints';
import { ENVIRONMENTS, type Environment } from '../../common/protocol/environments';
import {
  DEFAULT_SETTINGS,
  settingsPatchSchema,
  settingsSchema,
  type ConfigurableService,
  type Settings,
  type SettingsView,
} from '../../common/settings/settings-schema';
import type { SettingsRepo } from '../store/settings-repo';

export type EndpointTable = Record<Environment, ServiceEndpoints>;
type Key = keyof Settings;
const KEYS = Object.keys(settingsSchema.shape) as Key[];

/** The settings table, and a way to write several rows atomically. */
export interface SettingsStorage {
  repo: SettingsRepo;
  transaction(write: () => void): void;
}

/** Checks that a JSON-RPC URL serves the given chain; throws an AppError saying why not. */
export type RpcChecker = (url: string, chainId: number) => Promise<void>;

/**
 * The one owner of user settings. Each top-level setting is its own row in the
 * settings table (the `environment` row predates this service and keeps its
 * key), validated on the way in and again on read, so a value written by an
 * older build or by hand falls back to its default instead of breaking start-up.
 * Listeners hear every change, which is how settings apply without a restart.
 */
export class SettingsService {
  private settings: Settings;
  private readonly listeners = new Set<(view: SettingsView) => void>();

  constructor(
    private readonly storage: SettingsStorage | undefined,
    private readonly defaults: EndpointTable = DEFAULT_ENDPOINTS,
    private readonly checkRpc?: RpcChecker,
  ) {
    this.settings = this.load();
  }

  current(): Settings {
    return this.settings;
  }

  environment(): Environment {
    return this.settings.environment;
  }

  /** The URLs in effect for the current environment, read on every request by the API client. */
  endpoints(): ServiceEndpoints {
    return this.endpointsFor(this.settings.environment);
  }

  endpointsFor(environment: Environment): ServiceEndpoints {
    return { ...this.defaults[environment], ...this.settings.endpoints[environment] };
  }

  view(): SettingsView {
    const table = (pick: (environment: Environment) => ServiceEndpoints) =>
      Object.fromEntries(ENVIRONMENTS.map((environment) => [environment, pick(environment)])) as EndpointTable;
    return {
      settings: this.settings,
      effectiveEndpoints: table((environment) => this.endpointsFor(environment)),
      defaultEndpoints: table((environment) => ({ ...this.defaults[environment] })),
      persisted: this.storage !== undefined,
    };
  }

  update(patch: z.input<typeof settingsPatchSchema>): SettingsView {
    const parsed = settingsPatchSchema.parse(patch);
    const next: Settings = { ...this.settings, ...parsed };
    if (parsed.enabledChains && !parsed.enabledChains.includes(next.activeChainId)) {
      // Switching a chain off must not leave the views on it: move to the first one still on.
      next.activeChainId = parsed.enabledChains[0] ?? next.activeChainId;
    }
    if (!next.enabledChains.includes(next.activeChainId)) {
      throw new AppError('INVALID_SETTING', `Chain ${next.activeChainId} is switched off; enable it in Settings before making it active.`);
    }
    return this.commit(next);
  }

  setEndpoint(environment: Environment, service: ConfigurableService, url: string | null): SettingsView {
    const forEnvironment = { ...this.settings.endpoints[environment] };
    if (url === null || url === this.defaults[environment][service]) delete forEnvironment[service];
    else forEnvironment[service] = url;
    return this.commit({ ...this.settings, endpoints: { ...this.settings.endpoints, [environment]: forEnvironment } });
  }

  async setRpcUrl(chainId: number, url: string | null): Promise<SettingsView> {
    if (url !== null) {
      if (!this.checkRpc) throw new AppError('RPC_CHECK_UNAVAILABLE', 'CoW Desk cannot check JSON-RPC URLs in this build.');
      await this.checkRpc(url, chainId);
    }
    // Copied after the check: another chain's URL saved meanwhile must not be lost.
    const rpcUrls = { ...this.settings.rpcUrls };
    if (url === null) delete rpcUrls[String(chainId)];
    else rpcUrls[String(chainId)] = url;
    return this.commit({ ...this.settings, rpcUrls });
  }

  /** After "delete local data": the rows are gone, so every setting is back to its default. */
  reload(): SettingsView {
    this.settings = this.load();
    const view = this.view();
    for (const listener of this.listeners) listener(view);
    return view;
  }

  /**
   * State that is remembered but is no user setting (the window's bounds): same
   * table, own key, never sent to the renderer. Without a database it is not kept.
   */
  readInternal<T>(key: string, schema: z.ZodType<T>, fallback: T): T {
    this.assertInternal(key);
    return this.storage?.repo.get(key, schema, fallback) ?? fallback;
  }

  writeInternal<T>(key: string, schema: z.ZodType<T>, value: T): void {
    this.assertInternal(key);
    this.storage?.repo.set(key, schema, value);
  }

  private assertInternal(key: string): void {
    if ((KEYS as string[]).includes(key)) throw new Error(`"${key}" is a user setting; change it with update().`);
  }

  onChange(listener: (view: SettingsView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private commit(next: Settings): SettingsView {
    const valid = settingsSchema.parse(next);
    const changed = KEYS.filter((key) => JSON.stringify(valid[key]) !== JSON.stringify(this.settings[key]));
    if (changed.length === 0) return this.view();
    const storage = this.storage;
    storage?.transaction(() => {
      for (const key of changed) storage.repo.set(key, settingsSchema.shape[key] as z.ZodType<unknown>, valid[key]);
    });
    this.settings = valid;
    const view = this.view();
    for (const listener of this.listeners) listener(view);
    return view;
  }

  private load(): Settings {
    if (!this.storage) return DEFAULT_SETTINGS;
    const { repo } = this.storage;
    const loaded = Object.fromEntries(
      KEYS.map((key) => [key, repo.get(key, settingsSchema.shape[key] as z.ZodType<unknown>, DEFAULT_SETTINGS[key])]),
    ) as Settings;
    // Each row is valid on its own; together they must agree too.
    if (!loaded.enabledChains.includes(loaded.activeChainId)) loaded.activeChainId = loaded.enabledChains[0] ?? DEFAULT_SETTINGS.activeChainId;
    return loaded;
  }
}
