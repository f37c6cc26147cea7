import { createAssetFiles, type AssetFiles } from './asset-files'
import { createAssetService, type AssetService } from './asset-service'
import type { AssetDocumentStore } from './asset-types'

export type AssetsOptions = {
  dataDir: string
  projectId: string
  documents: AssetDocumentStore
  publicBase: string
}

export type Assets = { files: AssetFiles; service: AssetService }

/**
 * Asset storage: the files on disk and the service that stores an upload and records its document. The CLI,
 * backups and the archive use it as it is; the server adds its routers (http/asset-routers.ts).
 */
export function createAssets(options: AssetsOptions): Assets {
  const files = createAssetFiles(options.dataDir)
  const service = createAssetService({
    files,
    documents: options.documents,
    projectId: options.projectId,
    publicBase: options.publicBase,
  })
  return { files, service }
}
