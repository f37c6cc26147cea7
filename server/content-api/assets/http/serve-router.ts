import { existsSync } from 'node:fs'
import { Router, type RequestHandler, type Response } from 'express'
import { badRequest, ContentApiError, notFound } from '../../engine'
import { assetDocumentIdOf } from '../asset-document-ids'
import { FILE_FILE, IMAGE_FILE, type AssetFiles } from '../asset-files'
import { createImageVariants, DEFAULT_VARIANT_LIMITS, type VariantLimits } from '../image-variants'
import { ImageParamError } from '../image-param-bounds'
import { isIdentity, parseImageParams } from '../image-params'
import { chooseOutput, CONTENT_TYPES, isRenderTimeout, RENDER_TIMEOUT_SECONDS } from '../image-transform'
import { checkTransformBudget, DEFAULT_BLUR_WORK, type TransformBudget } from '../transform-budget'
import { servingFor, userContentHeaders } from './user-content-policy'
import { FairQueueFullError } from '../../../fair-queue'
import { rateLimitKey } from '../../../rate-limit-key'

/** Names carry the content hash, so responses never change: cache them for a year. */
const IMMUTABLE = { maxAge: '365d', immutable: true }

function disposition(res: Response, dl: string | undefined, fallback: string): void {
  if (dl === undefined) return
  res.attachment(dl || fallback)
}

/** Sends a stored original under the user-content policy: known media inline, anything else as a download. */
function sendOriginal(res: Response, file: string, name: string, extension: string, dl: string | undefined) {
  const serving = servingFor(extension)
  if (!serving.inline) res.attachment(dl || name)
  else disposition(res, dl, name)
  // send handles Range (206), If-Range and HEAD; the type is ours, never guessed from the extension.
  // no-transform keeps the compression middleware off, which would otherwise gzip a partial (206) body.
  res.sendFile(file, {
    acceptRanges: true,
    cacheControl: false,
    headers: {
      'Content-Type': serving.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable, no-transform',
    },
  })
}

/** The error a failed image answer passes on: bad parameters and runaway renders are the client's 400. */
function imageFailure(res: Response, error: unknown): unknown {
  res.removeHeader('Content-Disposition')
  if (error instanceof ImageParamError) return badRequest(error.message)
  if (error instanceof FairQueueFullError) {
    res.set('Retry-After', '2')
    const message = `Image transforms are busy (${error.waiting} waiting); try again in a moment`
    return new ContentApiError(429, 'rateLimited', message)
  }
  if (isRenderTimeout(error)) {
    const message = `The transform took longer than ${RENDER_TIMEOUT_SECONDS} s; ask for a smaller size`
    return badRequest(message)
  }
  return error
}

/** A deleted asset document's URLs answer 404, as on Sanity's CDN (see `hasAssetDocument`). */
function assetDocumentExists(
  hasAssetDocument: ((dataset: string, id: string) => boolean | Promise<boolean>) | undefined,
): RequestHandler {
  return async (req, res, next) => {
    const kind = req.path.startsWith('/images/') ? 'image' : 'file'
    const id = assetDocumentIdOf(kind, String(req.params.file))
    const dataset = String(req.params.dataset)
    if (hasAssetDocument && id && !(await hasAssetDocument(dataset, id))) {
      throw notFound(kind === 'image' ? 'Image not found' : 'File not found')
    }
    next()
  }
}

export const DEFAULT_TRANSFORM_BUDGET: TransformBudget = {
  maxOutputPixels: 16_000_000,
  maxBlurWork: DEFAULT_BLUR_WORK,
}

/**
 * `GET /images/:project/:dataset/:file` with the `@sanity/image-url` parameters, and
 * `GET /files/:project/:dataset/:file` with Range support (videos seek). Public: anonymous may read assets.
 * An optional trailing vanity name (`/:file/nice-name.jpg`) is accepted, as on Sanity's CDN.
 */
export function createAssetServeRouter(options: {
  files: AssetFiles
  projectId: string
  hasDataset: (name: string) => boolean
  budget?: TransformBudget
  variantLimits?: VariantLimits
  /**
   * Whether the file's asset document still exists: once it is deleted its URLs answer 404, as Sanity's CDN
   * does, though the bytes stay on disk (history can restore the document). Without it, every file is served.
   */
  hasAssetDocument?: (dataset: string, id: string) => boolean | Promise<boolean>
}): Router {
  const { files, projectId, hasDataset } = options
  const budget = options.budget ?? DEFAULT_TRANSFORM_BUDGET
  const variants = createImageVariants(files, options.variantLimits ?? DEFAULT_VARIANT_LIMITS)
  const router = Router()
  // User content shares the site's origin: every answer here, errors included, is inert (ADR 085).
  router.use(['/images', '/files'], userContentHeaders)

  const knownPlace: RequestHandler = (req, res, next) => {
    if (req.params.projectId !== projectId || !hasDataset(String(req.params.dataset))) {
      throw notFound('Asset not found')
    }
    next()
  }
  const documentExists = assetDocumentExists(options.hasAssetDocument)

  router.get(
    '/images/:projectId/:dataset/:file{/:vanity}',
    knownPlace,
    documentExists,
    async (req, res, next) => {
      try {
        const dataset = String(req.params.dataset)
        const name = String(req.params.file)
        const match = IMAGE_FILE.exec(name)
        if (!match || !existsSync(files.imagePath(dataset, name))) {
          throw notFound('Image not found')
        }
        const params = parseImageParams(req.query as Record<string, unknown>)
        if (isIdentity(params)) {
          res.set('X-Image-Cache', 'original')
          // SVG is a document that can run script: its original is a download, its variants are rasters.
          return sendOriginal(res, files.imagePath(dataset, name), name, match[4]!, params.dl)
        }
        disposition(res, params.dl, name)
        checkTransformBudget(params, { width: Number(match[2]), height: Number(match[3]) }, budget)
        const output = chooseOutput(params, match[4]!, req.get('accept') ?? '')
        const variant = await variants.get(dataset, name, params, output, rateLimitKey(req.ip))
        if (params.autoFormat) res.vary('Accept')
        res.set('X-Image-Cache', variant.cached ? 'hit' : 'miss')
        res.type(CONTENT_TYPES[output.encoding])
        res.sendFile(variant.path, {
          ...IMMUTABLE,
          headers: { 'Content-Type': CONTENT_TYPES[output.encoding] },
        })
      } catch (error) {
        next(imageFailure(res, error))
      }
    },
  )

  router.get('/files/:projectId/:dataset/:file{/:vanity}', knownPlace, documentExists, (req, res) => {
    const dataset = String(req.params.dataset)
    const name = String(req.params.file)
    if (!FILE_FILE.test(name) || !existsSync(files.filePath(dataset, name))) {
      throw notFound('File not found')
    }
    const dl = typeof req.query.dl === 'string' ? req.query.dl : undefined
    sendOriginal(res, files.filePath(dataset, name), name, FILE_FILE.exec(name)![2]!, dl)
  })

  return router
}
