import type { Router } from 'express'
import { createAssetFiles, type AssetFiles } from './asset-files'
import { createAssetService, type AssetService } from './asset-service'
import type { AssetDocumentStore } from './asset-types'
import type { VariantLimits } from './image-variants'
import { createAssetServeRouter } from './serve-router'
import type { TransformBudget } from './transform-budget'
import { createAssetUploadRouter } from './upload-router'

export const DEFAULT_UPLOAD_LIMIT_BYTES = 50 * 1024 * 1024

export type AssetsOptions = {
  dataDir: string
  projectId: string
  hasDataset: (name: string) => boolean
  documents: AssetDocumentStore
  publicBase: string
  maxUploadBytes?: number
  /** Image transform limits (defaults in serve-router.ts and image-variants.ts). */
  transformBudget?: TransformBudget
  variantLimits?: VariantLimits
}

export type Assets = { files: AssetFiles; service: AssetService; versioned: Router; root: Router }

/** Asset storage, upload (versioned API) and serving (unversioned, like Sanity's CDN paths). */
export function createAssets(options: AssetsOptions): Assets {
  const files = createAssetFiles(options.dataDir)
  const service = createAssetService({
    files,
    documents: options.documents,
    projectId: options.projectId,
    publicBase: options.publicBase,
  })
  return {
    files,
    service,
    versioned: createAssetUploadRouter({
      assets: service,
      hasDataset: options.hasDataset,
      maxBytes: options.maxUploadBytes ?? DEFAULT_UPLOAD_LIMIT_BYTES,
    }),
    root: createAssetServeRouter({
      files,
      projectId: options.projectId,
      hasDataset: options.hasDataset,
      budget: options.transformBudget,
      variantLimits: options.variantLimits,
      hasAssetDocument: async (dataset, id) => (await options.documents.getDocument(dataset, id)) !== null,
    }),
  }
}
