import { resourceUsage } from 'node:process';

const MiB = 1024 * 1024;

/**
 * RSS of this process (the app's main-process services run in it), sampled
 * every 20 ms while a case runs, plus the kernel's own high-water mark, which
 * also catches a peak between samples (or while the event loop was blocked).
 * `startRss` is the app's start (before the first hostile case), so the
 * kernel's lifetime peak is measured against it too.
 */
export function watchMemory(startRss = process.memoryUsage.rss()) {
  let peakRss = startRss;
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 20);
  return {
    startRss,
    /** Growth above the start in MiB: sampled peak, and the kernel's max RSS (an upper bound). */
    stop() {
      clearInterval(timer);
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
      const maxRss = resourceUsage().maxRSS * 1024;
      return { sampledMiB: (peakRss - startRss) / MiB, maxRssMiB: (maxRss - startRss) / MiB };
    },
  };
}
