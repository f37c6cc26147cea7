import type { Router } from 'express'
import type { Assets } from '../assets'
import type { AssetDocumentStore } from '../asset-types'
import type { VariantLimits } from '../image-variants'
import type { TransformBudget } from '../transform-budget'
import { createAssetServeRouter } from './serve-router'
import { createAssetUploadRouter } from './upload-router'

export const DEFAULT_UPLOAD_LIMIT_BYTES = 50 * 1024 * 1024

export type AssetRoutersOptions = {
  projectId: string
  hasDataset: (name: string) => boolean
  documents: AssetDocumentStore
  maxUploadBytes?: number
  /** Image transform limits (defaults in serve-router.ts and ../image-variants.ts). */
  transformBudget?: TransformBudget
  variantLimits?: VariantLimits
}

export type AssetRouters = { versioned: Router; root: Router }

/** Upload (under the versioned API) and serving (unversioned, like Sanity's CDN paths) of the stored assets. */
export function createAssetRouters({ files, service }: Assets, options: AssetRoutersOptions): AssetRouters {
  return {
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
