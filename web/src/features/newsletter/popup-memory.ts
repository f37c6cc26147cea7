/**
 * What the browser remembers about the popup (docs/fan-site-rules.md §10): it auto-opens at most once per browser and never
 * after a sign-up. localStorage can be missing or throw (privacy modes); then the popup simply forgets.
 */
const SEEN_KEY = 'newsletter:popupSeen'
const SIGNED_UP_KEY = 'newsletter:signedUp'

function read(key: string): boolean {
  try {
    return window.localStorage.getItem(key) !== null
  } catch {
    return false
  }
}

function write(key: string): void {
  try {
    window.localStorage.setItem(key, new Date().toISOString())
  } catch {
    // Nothing to do: the popup may open once more in this browser.
  }
}

export const popupMemory = {
  /** True when the popup may still open by itself in this browser. */
  mayAutoOpen: () => !read(SEEN_KEY) && !read(SIGNED_UP_KEY),
  /** Any open counts: someone who has seen the popup (via a link or by itself) is not shown it again unasked. */
  markSeen: () => write(SEEN_KEY),
  markSignedUp: () => write(SIGNED_UP_KEY),
}
