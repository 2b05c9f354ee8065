/**
 * Time as a port: services wait and read the time through it, so tests can run
 * minutes of backoff in no time and still see every wait that was asked for.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`, or rejects with the signal's reason when aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/**
 * The system clock's sleeps with a time that only moves forward: the epoch
 * time at process start plus performance.now(). A wall clock set back (by the
 * user, NTP, a VM resume) does not move it, so rate-limit windows, Retry-After
 * holds, backoff and cache ages are not stretched by the jump: with Date.now,
 * a jump of -2 days held every orderbook call for two days (issue 29).
 */
export const monotonicClock: Clock = {
  now: () => performance.timeOrigin + performance.now(),
  sleep: systemClock.sleep,
};
