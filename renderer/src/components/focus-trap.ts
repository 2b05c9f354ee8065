const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A Svelte action for modal dialogs: focus moves into the node when it opens,
 * Tab and Shift+Tab cycle inside it, and focus returns to where it was on close.
 */
export function trapFocus(node: HTMLElement): { destroy(): void } {
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  node.focus();
  const focusables = () => [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.offsetParent !== null);
  function onKeydown(event: KeyboardEvent) {
    if (event.key !== 'Tab') return;
    const list = focusables();
    const first = list[0];
    const last = list.at(-1);
    if (!first || !last) return void event.preventDefault();
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === node)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !node.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  }
  // Focus that escapes (a click on the backdrop, a programmatic focus) is brought back.
  function onFocusIn(event: FocusEvent) {
    if (event.target instanceof Node && !node.contains(event.target)) node.focus();
  }
  node.addEventListener('keydown', onKeydown);
  document.addEventListener('focusin', onFocusIn);
  return {
    destroy() {
      node.removeEventListener('keydown', onKeydown);
      document.removeEventListener('focusin', onFocusIn);
      previous?.focus();
    },
  };
}
