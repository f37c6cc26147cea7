import {
  PREVIEW_PERSPECTIVE_PATH,
  perspectiveKey,
  previewPerspectiveOf,
  type PreviewPerspective,
} from '../lib/preview/preview-contract'

/**
 * Tells the server's draft session what to show from now on, when the tool asks for other than what the page
 * shows; answers what the page shows then (unchanged when the server refused, which is logged).
 */
export async function switchPerspective(
  shown: PreviewPerspective,
  asked: unknown,
): Promise<PreviewPerspective> {
  const wanted = previewPerspectiveOf(asked)
  if (perspectiveKey(wanted) === perspectiveKey(shown)) return shown
  const response = await fetch(PREVIEW_PERSPECTIVE_PATH, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ perspective: wanted }),
  })
  if (!response.ok) {
    console.error(`The preview could not switch to ${perspectiveKey(wanted)}: ${response.status}`)
    return shown
  }
  return wanted
}
