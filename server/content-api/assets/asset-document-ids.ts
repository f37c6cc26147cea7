import { FILE_FILE, IMAGE_FILE } from './asset-files'

/**
 * The asset document a served file name belongs to: `<sha1>-<w>x<h>.<ext>` is `image-<sha1>-<w>x<h>-<ext>`,
 * `<sha1>.<ext>` is `file-<sha1>-<ext>` (Sanity's asset id scheme). Null for names that are neither.
 */
export function assetDocumentIdOf(kind: 'image' | 'file', fileName: string): string | null {
  const pattern = kind === 'image' ? IMAGE_FILE : FILE_FILE
  if (!pattern.test(fileName)) return null
  const dot = fileName.lastIndexOf('.')
  return `${kind}-${fileName.slice(0, dot)}-${fileName.slice(dot + 1)}`
}
