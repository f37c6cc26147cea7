import express, { Router, type ErrorRequestHandler, type Request } from 'express'
import { z } from 'zod'
import { refuseDeclaredBodyOver } from '../../../http/declared-body-limit'
import { allowSlowBody } from '../../../http/request-timeouts'
import { requireEditor } from '../../auth/require-role'
import { ANONYMOUS, badRequest, ContentApiError, identityOf, notFound } from '../../engine'
import { EmptyUploadError, type AssetService } from '../asset-service'
import type { AssetKind, UploadDetails } from '../asset-types'
import { bareMimeType, OCTET_STREAM } from '../file-types'
import { UnsupportedImageError } from '../image-metadata'
import { MetadataOptionError, parseMetadataParts } from '../metadata-options'

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
  // Read by parseMetadataParts; listed so the schema accepts them (repeated: arrays).
  meta: z.unknown().optional(),
  extract: z.unknown().optional(),
})

function details(req: Request): UploadDetails | null {
  const parsed = UploadQuery.safeParse(req.query)
  if (!parsed.success) return null
  const { sourceId, sourceName, sourceUrl, meta, extract, ...rest } = parsed.data
  return {
    ...rest,
    metadata: parseMetadataParts({ meta, extract }),
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
  // Editors only; a declared size over the limit is refused before its bytes come; an editor's video over a slow
  // uplink may take minutes (anonymous bodies never get this long); then the bytes.
  const receive = [
    requireEditor,
    refuseDeclaredBodyOver(options.maxBytes),
    allowSlowBody({ minBytesPerSecond: 64 * 1024, maxBytes: options.maxBytes }),
    express.raw({ type: () => true, limit: options.maxBytes }),
  ]

  for (const [segment, kind] of [
    ['images', 'image'],
    ['files', 'file'],
  ] as const satisfies readonly (readonly [string, AssetKind])[]) {
    router.post(`/assets/${segment}/:dataset`, ...receive, async (req, res, next) => {
      try {
        const dataset = String(req.params.dataset)
        if (!options.hasDataset(dataset)) throw notFound('Dataset not found')
        const info = details(req)
        if (!info) throw badRequest('Invalid upload parameters')
        const declared = bareMimeType(info.contentType)
        if (kind === 'image' && declared && declared !== OCTET_STREAM && !declared.startsWith('image/')) {
          throw badRequest(`Content-Type ${declared} is not an image`)
        }
        const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
        const identity = identityOf(res.locals.principal ?? ANONYMOUS)
        const document = await options.assets.upload(kind, dataset, bytes, info, identity)
        res.json({ document })
      } catch (error) {
        if (
          error instanceof EmptyUploadError ||
          error instanceof UnsupportedImageError ||
          error instanceof MetadataOptionError
        ) {
          return next(badRequest(error.message))
        }
        next(error)
      }
    })
  }

  // A 413 (declared or counted) names the upload limit; its other errors (400 aborted) go to the content error handler.
  const bodyErrors: ErrorRequestHandler = (error, _req, _res, next) => {
    if ((error as { status?: number }).status !== 413) return next(error)
    next(new ContentApiError(413, 'payloadTooLarge', `Upload exceeds the limit of ${options.maxBytes} bytes`))
  }
  router.use(bodyErrors)
  return router
}
