/** One ticking clock for the ages the market views show ("fetched 12 s ago"). */
export const clock = $state({ now: Date.now() });

let users = 0;
let timer: ReturnType<typeof setInterval> | undefined;

/** Call from an $effect; the returned function stops the tick when the last user goes. */
export function tick(): () => void {
  users += 1;
  timer ??= setInterval(() => (clock.now = Date.now()), 1000);
  return () => {
    users -= 1;
    if (users === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}
