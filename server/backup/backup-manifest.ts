import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'

/** Written last into a backup: a backup without it is incomplete and `restore` refuses it. */
export const MANIFEST_FILE = 'manifest.json'
export const MANIFEST_FORMAT = 'band-site-backup'
export const MANIFEST_VERSION = 1

const RelativePath = z
  .string()
  .min(1)
  .refine(
    (p) => !path.isAbsolute(p) && !p.split('/').includes('..') && !p.includes('\\'),
    'must be a relative path inside the backup',
  )

const ManifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(MANIFEST_VERSION),
  createdAt: z.string(),
  dataDir: z.string(),
  /** Highest applied migration per SQLite database, e.g. `{"content.sqlite": 1}`. */
  schemaVersions: z.record(z.string(), z.number().int()),
  /** Asset files per dataset, copied because an asset document in the backed-up content database names them. */
  assets: z.record(z.string(), z.number().int()),
  /** What the backup does not hold and where it is instead (PostgreSQL, secrets in the environment). */
  notes: z.array(z.string()),
  /** Every file of the backup except the manifest, with its size and SHA-256, checked before a restore. */
  files: z.array(z.object({ path: RelativePath, bytes: z.number().int().min(0), sha256: z.string() })),
})

export type BackupManifest = z.infer<typeof ManifestSchema>

export class BackupError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BackupError'
  }
}

/** Reads and validates `manifest.json`; a missing or malformed one means the backup cannot be trusted. */
export async function readManifest(backupDir: string): Promise<BackupManifest> {
  let text: string
  try {
    text = await readFile(path.join(backupDir, MANIFEST_FILE), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupError(
        `${backupDir} is not a complete backup: it has no ${MANIFEST_FILE} (written last, so the backup was interrupted or this is the wrong directory)`,
      )
    }
    throw error
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new BackupError(`${path.join(backupDir, MANIFEST_FILE)} is not valid JSON: the backup is damaged`)
  }
  const parsed = ManifestSchema.safeParse(json)
  if (!parsed.success) {
    const first = parsed.error.issues[0]
    throw new BackupError(
      `${path.join(backupDir, MANIFEST_FILE)} is not a backup manifest this release reads (${first?.path.join('.') || 'root'}: ${first?.message})`,
    )
  }
  return parsed.data
}
