import express, { Router, type ErrorRequestHandler, type Request } from 'express'
import { z } from 'zod'
import { allowSlowBody } from '../../http/request-timeouts'
import { requireEditor } from '../auth/require-role'
import { ANONYMOUS } from '../engine/principal'
import { identityOf } from '../http/access'
import { sendSanityError } from '../http/sanity-error'
import { EmptyUploadError, type AssetService } from './asset-service'
import type { AssetKind, UploadDetails } from './asset-types'
import { bareMimeType, OCTET_STREAM } from './file-types'
import { UnsupportedImageError } from './image-metadata'

const text = z.string().max(2000).optional()
const UploadQuery = z.object({
  filename: z.string().max(500).optional(),
  label: text,
  title: text,
  description: z.string().max(10_000).optional(),
  creditLine: text,
  sourceId: text,
  sourceName: text,
  sourceUrl: text,
})

function details(req: Request): UploadDetails | null {
  const parsed = UploadQuery.safeParse(req.query)
  if (!parsed.success) return null
  const { sourceId, sourceName, sourceUrl, ...rest } = parsed.data
  return {
    ...rest,
    contentType: req.get('content-type'),
    ...(sourceId && sourceName
      ? { source: { id: sourceId, name: sourceName, ...(sourceUrl ? { url: sourceUrl } : {}) } }
      : {}),
  }
}

/** `POST /assets/images/:dataset` and `/assets/files/:dataset`: raw bytes in, `{document}` out. Editors and up. */
export function createAssetUploadRouter(options: {
  assets: AssetService
  hasDataset: (name: string) => boolean
  /** Largest accepted upload in bytes (413 above it). */
  maxBytes: number
}): Router {
  const router = Router()
  const rawBody = express.raw({ type: () => true, limit: options.maxBytes })
  // An editor's video over a slow uplink may take minutes; anonymous bodies never get this long.
  const slowUpload = allowSlowBody({ minBytesPerSecond: 64 * 1024, maxBytes: options.maxBytes })

  for (const [segment, kind] of [
    ['images', 'image'],
    ['files', 'file'],
  ] as const satisfies readonly (readonly [string, AssetKind])[]) {
    router.post(`/assets/${segment}/:dataset`, requireEditor, slowUpload, rawBody, async (req, res, next) => {
      try {
        const dataset = String(req.params.dataset)
        if (!options.hasDataset(dataset)) return sendSanityError(res, 404, 'Dataset not found', 'notFound')
        const info = details(req)
        if (!info) return sendSanityError(res, 400, 'Invalid upload parameters', 'validationError')
        const declared = bareMimeType(info.contentType)
        if (kind === 'image' && declared && declared !== OCTET_STREAM && !declared.startsWith('image/')) {
          return sendSanityError(res, 400, `Content-Type ${declared} is not an image`, 'validationError')
        }
        const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
        const identity = identityOf(res.locals.principal ?? ANONYMOUS)
        const document = await options.assets.upload(kind, dataset, bytes, info, identity)
        res.json({ document })
      } catch (error) {
        if (error instanceof EmptyUploadError || error instanceof UnsupportedImageError) {
          return sendSanityError(res, 400, error.message, 'validationError')
        }
        next(error)
      }
    })
  }

  // body-parser's errors (413 too large, 400 aborted) in Sanity's shape rather than the app's.
  const bodyErrors: ErrorRequestHandler = (error, _req, res, next) => {
    const status = (error as { status?: number }).status
    if (status === 413) {
      return sendSanityError(
        res,
        413,
        `Upload exceeds the limit of ${options.maxBytes} bytes`,
        'payloadTooLarge',
      )
    }
    if (status && status >= 400 && status < 500) return sendSanityError(res, status, (error as Error).message)
    next(error)
  }
  router.use(bodyErrors)
  return router
}
