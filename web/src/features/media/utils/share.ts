/**
 * Sharing an item (docs/fan-site-rules.md §2): the device's share sheet with title, text and URL; where there is none, the URL is
 * copied to the clipboard, and a failed copy is tried once more.
 */
export type ShareData = { title: string; text: string; url: string }

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed'

export type ShareEnvironment = {
  share?: (data: ShareData) => Promise<void>
  writeText?: (text: string) => Promise<void>
}

/** The browser's share and clipboard functions, bound, where they exist. */
export function browserShareEnvironment(): ShareEnvironment {
  if (typeof navigator === 'undefined') return {}
  return {
    share: typeof navigator.share === 'function' ? (data) => navigator.share(data) : undefined,
    writeText: navigator.clipboard?.writeText ? (text) => navigator.clipboard.writeText(text) : undefined,
  }
}

async function copy(url: string, writeText: ShareEnvironment['writeText']): Promise<ShareOutcome> {
  if (!writeText) return 'failed'
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeText(url)
      return 'copied'
    } catch {
      // The first write can fail (focus moved, a transient permission prompt): try exactly once more.
    }
  }
  return 'failed'
}

export async function shareOrCopy(data: ShareData, env: ShareEnvironment): Promise<ShareOutcome> {
  if (env.share) {
    try {
      await env.share(data)
      return 'shared'
    } catch (error) {
      // Closing the share sheet is the visitor's choice, not a failure.
      if ((error as { name?: unknown } | null)?.name === 'AbortError') return 'cancelled'
      // Any other refusal (e.g. NotAllowedError): copying the URL still works.
    }
  }
  return copy(data.url, env.writeText)
}
