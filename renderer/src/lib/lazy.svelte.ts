import { humanError } from '../shell/app-state.svelte';

/**
 * A part of a screen that the screen does not need before it shows (a dialog, a check that needs zod):
 * it loads in an idle period after the screen shows, or at once when first needed, whichever comes
 * first. The first screen fetches less (issue 35) and a click rarely waits on it. A failed load is an
 * error to show, never a silent nothing, and the next need tries again.
 */
export class Lazy<T> {
  value = $state<T | null>(null);
  error = $state<string | null>(null);
  readonly #what: string;
  readonly #loader: () => Promise<T>;
  #loading: Promise<T> | null = null;

  /** `what` names the part in the error a user reads: "The signing dialog". */
  constructor(what: string, loader: () => Promise<T>) {
    this.#what = what;
    this.#loader = loader;
  }

  load(): Promise<T> {
    if (this.#loading) return this.#loading;
    this.error = null;
    this.#loading = this.#loader().then(
      (value) => (this.value = value),
      (reason: unknown) => {
        this.#loading = null;
        this.error = `${this.#what} could not be loaded (${humanError(reason)}). Try again; if it keeps failing, restart CoW Desk.`;
        throw new Error(this.error);
      },
    );
    return this.#loading;
  }
}

/** Loads each part in an idle period of its own, one after another, so none competes with the screen's own work. */
export function loadWhenIdle(parts: readonly Lazy<unknown>[]): void {
  const [next, ...rest] = parts.filter((part) => part.value === null);
  if (next) requestIdleCallback(() => void next.load().then(() => loadWhenIdle(rest), () => loadWhenIdle(rest)));
}
