import { readdirSync, rmSync, statSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { writeAtomically } from '../content-api/assets/asset-files'
import { createSizeLru } from '../content-api/assets/size-lru'

export type ThumbnailType = 'image/jpeg' | 'image/png' | 'image/webp'
export type KeptThumbnail = { bytes: Buffer; contentType: ThumbnailType }

const FILE = /^([0-9a-f]{22})\.(jpg|png|webp)$/
const EXTENSION = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const
const TYPE_OF_EXTENSION = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const

/**
 * Thumbnails on disk, one file per video, within `cacheBytes`: the least recently served are deleted first. What
 * a previous run kept is served again (its files are counted at start, oldest first).
 */
export function createKeptThumbnails(dir: string, cacheBytes: number) {
  const lru = createSizeLru(cacheBytes)
  const names = new Map<string, string>()
  for (const file of storedFiles(dir)) {
    lru.add(file.name, file.bytes)
    names.set(file.name.slice(0, 22), file.name)
  }

  return {
    async read(id: string): Promise<KeptThumbnail | undefined> {
      const name = names.get(hexOf(id))
      if (!name) return undefined
      try {
        const bytes = await readFile(path.join(dir, name))
        lru.touch(name)
        const extension = FILE.exec(name)![2] as keyof typeof TYPE_OF_EXTENSION
        return { bytes, contentType: TYPE_OF_EXTENSION[extension] }
      } catch {
        // Deleted behind the server's back: it will be fetched again.
        names.delete(hexOf(id))
        return undefined
      }
    },
    async keep(id: string, { bytes, contentType }: KeptThumbnail): Promise<void> {
      const name = `${hexOf(id)}.${EXTENSION[contentType]}`
      await writeAtomically(path.join(dir, name), bytes)
      names.set(hexOf(id), name)
      for (const evicted of lru.add(name, bytes.length)) {
        names.delete(evicted.slice(0, 22))
        await rm(path.join(dir, evicted), { force: true })
      }
    },
  }
}

/** File names are the id in hex: ids differ by case, and some file systems do not. */
function hexOf(id: string): string {
  return Buffer.from(id, 'latin1').toString('hex')
}

/** The thumbnails a previous run kept, oldest first (so they are evicted first); leftover temp files are removed. */
function storedFiles(dir: string): { name: string; bytes: number }[] {
  let entries: string[]
  try {
    entries = readdirSync(dir)
  } catch {
    return []
  }
  const files: { name: string; bytes: number; mtimeMs: number }[] = []
  for (const name of entries) {
    const full = path.join(dir, name)
    if (name.endsWith('.tmp')) rmSync(full, { force: true })
    else if (FILE.test(name)) {
      const stat = statSync(full)
      files.push({ name, bytes: stat.size, mtimeMs: stat.mtimeMs })
    }
  }
  return files.sort((a, b) => a.mtimeMs - b.mtimeMs)
}
