import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * Where asset bytes live on disk: `${DATA_DIR}/assets/<dataset>/images/<sha1>-<W>x<H>.<ext>`,
 * `.../files/<sha1>.<ext>`, and rendered image variants under `.../cache/`. File names carry the content hash,
 * so a name never changes meaning and everything can be cached forever.
 */
export type AssetFiles = ReturnType<typeof createAssetFiles>

export const IMAGE_FILE = /^([a-f0-9]{40})-(\d+)x(\d+)\.([a-z0-9]+)$/
export const FILE_FILE = /^([a-f0-9]{40})\.([a-z0-9]+)$/

export function createAssetFiles(dataDir: string) {
  const root = path.join(path.resolve(dataDir), 'assets')
  const folder = (dataset: string, kind: 'images' | 'files' | 'cache') => path.join(root, dataset, kind)

  return {
    root,
    folder,
    imagePath: (dataset: string, name: string) => path.join(folder(dataset, 'images'), name),
    filePath: (dataset: string, name: string) => path.join(folder(dataset, 'files'), name),
    variantPath: (dataset: string, name: string, key: string) =>
      path.join(folder(dataset, 'cache'), name, key),

    /** Writes once: same name means same bytes. Temp file + rename, so readers never see half a file. */
    async store(target: string, bytes: Buffer): Promise<void> {
      if (existsSync(target)) return
      await writeAtomically(target, bytes)
    },
  }
}

export async function writeAtomically(target: string, bytes: Buffer): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true })
  const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`
  await writeFile(temp, bytes)
  await rename(temp, target)
}
