/**
 * Keeping Tab inside an open modal `<dialog>`: `showModal()` makes the page behind inert, but the browser still
 * lets Tab leave the dialog for the address bar and the browser's own controls.
 */

const TABBABLE = [
  'button',
  'a[href]',
  'input',
  'select',
  'textarea',
  'iframe',
  'video[controls]',
  'audio[controls]',
  '[tabindex]',
].join(',')

/** The dialog's controls in Tab order (tree order; nothing here sets a positive tabindex). */
export function tabbableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) =>
      element.tabIndex >= 0 &&
      !(element as HTMLButtonElement).disabled &&
      !element.closest('[inert]') &&
      // Rendered (jsdom has no checkVisibility and lays out nothing: everything counts there).
      (element.checkVisibility?.() ?? true),
  )
}

/**
 * Keeps Tab inside `container`: from the last control to the first and, with Shift, from the first (or the
 * container itself) to the last. Returns whether it moved focus.
 */
export function loopTab(
  container: HTMLElement,
  event: { shiftKey: boolean; preventDefault(): void },
): boolean {
  const controls = tabbableIn(container)
  const first = controls[0]
  const last = controls[controls.length - 1]
  if (!first || !last) {
    event.preventDefault()
    return false
  }
  const active = document.activeElement
  const inside = active instanceof HTMLElement && container.contains(active) && active !== container
  if (event.shiftKey && (!inside || active === first)) {
    event.preventDefault()
    last.focus()
    return true
  }
  if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault()
    first.focus()
    return true
  }
  return false
}
