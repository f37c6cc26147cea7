/**
 * The toast queue, kept outside React so any code (a mutation's onError, an effect) can raise a toast and the
 * lazily loaded Radix viewport picks it up when it mounts. docs/fan-site-rules.md §4/§9: at most one toast at a time; a
 * dismissed toast stays in memory (closed) for TOAST_REMOVE_DELAY_MS so its exit animation can finish.
 */
export const TOAST_LIMIT = 1
export const TOAST_DURATION_MS = 5000
export const TOAST_REMOVE_DELAY_MS = 1_000_000
export const TOAST_SWIPE_THRESHOLD_PX = 50
export const TOAST_HOTKEY = ['F8']

export type ToastVariant = 'default' | 'error'

export type ToastInput = { title: string; description?: string; variant?: ToastVariant }

export type ToastItem = ToastInput & { id: number; open: boolean }

type Listener = () => void

let items: ToastItem[] = []
let nextId = 1
const listeners = new Set<Listener>()
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>()

function emit(next: ToastItem[]) {
  items = next
  listeners.forEach((listener) => listener())
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function getToasts(): ToastItem[] {
  return items
}

const EMPTY: ToastItem[] = []
export function getServerToasts(): ToastItem[] {
  return EMPTY
}

/** Shows a toast; the newest replaces any other (TOAST_LIMIT is 1). Returns its id. */
export function showToast(input: ToastInput): number {
  const id = nextId++
  emit([{ ...input, variant: input.variant ?? 'default', id, open: true }, ...items].slice(0, TOAST_LIMIT))
  return id
}

/** Closes a toast (or all); it is removed from memory TOAST_REMOVE_DELAY_MS later. */
export function dismissToast(id?: number): void {
  const closing = items.filter((item) => id === undefined || item.id === id)
  for (const item of closing) {
    if (removalTimers.has(item.id)) continue
    removalTimers.set(
      item.id,
      setTimeout(() => {
        removalTimers.delete(item.id)
        emit(items.filter((other) => other.id !== item.id))
      }, TOAST_REMOVE_DELAY_MS),
    )
  }
  emit(items.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)))
}

/** Tests only. */
export function resetToastsForTests(): void {
  removalTimers.forEach((timer) => clearTimeout(timer))
  removalTimers.clear()
  nextId = 1
  emit([])
}
