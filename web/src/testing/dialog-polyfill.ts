/**
 * jsdom has `<dialog>` but not its methods: enough of showModal/close for unit tests (the `open` attribute, the
 * `close` event). Top layer, inertness and the browser's close requests are left to the e2e suite.
 */
export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { __polyfilled?: boolean }
  if (typeof proto.showModal === 'function' && !proto.__polyfilled) return
  proto.__polyfilled = true
  proto.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) throw new DOMException('The dialog is already open.', 'InvalidStateError')
    this.setAttribute('open', '')
    // The browser's dialog focusing steps: the first focusable descendant.
    this.querySelector<HTMLElement>('button, [href], iframe, input, [tabindex]:not([tabindex="-1"])')?.focus()
  }
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.open) return
    this.removeAttribute('open')
    setTimeout(() => this.dispatchEvent(new Event('close')), 0)
  }
}
