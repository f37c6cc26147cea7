import { existsSync } from 'node:fs'
import { Router, type RequestHandler, type Response } from 'express'
import { sendSanityError } from '../sanity-error'
import { FILE_FILE, IMAGE_FILE, type AssetFiles } from './asset-files'
import { createImageVariants } from './image-variants'
import { ImageParamError, isIdentity, parseImageParams } from './image-params'
import { chooseOutput, CONTENT_TYPES } from './image-transform'

/** Names carry the content hash, so responses never change: cache them for a year. */
const IMMUTABLE = { maxAge: '365d', immutable: true }

function disposition(res: Response, dl: string | undefined, fallback: string): void {
  if (dl === undefined) return
  res.attachment(dl || fallback)
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
}): Router {
  const { files, projectId, hasDataset } = options
  const variants = createImageVariants(files)
  const router = Router()

  const knownPlace: RequestHandler = (req, res, next) => {
    if (req.params.projectId !== projectId || !hasDataset(String(req.params.dataset))) {
      return sendSanityError(res, 404, 'Asset not found', 'notFound')
    }
    next()
  }

  router.get('/images/:projectId/:dataset/:file{/:vanity}', knownPlace, async (req, res, next) => {
    try {
      const dataset = String(req.params.dataset)
      const name = String(req.params.file)
      const match = IMAGE_FILE.exec(name)
      if (!match || !existsSync(files.imagePath(dataset, name))) {
        return sendSanityError(res, 404, 'Image not found', 'notFound')
      }
      const params = parseImageParams(req.query as Record<string, unknown>)
      disposition(res, params.dl, name)
      if (isIdentity(params)) {
        res.set('X-Image-Cache', 'original')
        return res.sendFile(files.imagePath(dataset, name), IMMUTABLE)
      }
      const output = chooseOutput(params, match[4]!, req.get('accept') ?? '')
      const variant = await variants.get(dataset, name, params, output)
      if (params.autoFormat) res.vary('Accept')
      res.set('X-Image-Cache', variant.cached ? 'hit' : 'miss')
      res.type(CONTENT_TYPES[output.encoding])
      res.sendFile(variant.path, {
        ...IMMUTABLE,
        headers: { 'Content-Type': CONTENT_TYPES[output.encoding] },
      })
    } catch (error) {
      if (error instanceof ImageParamError) return sendSanityError(res, 400, error.message, 'validationError')
      next(error)
    }
  })

  router.get('/files/:projectId/:dataset/:file{/:vanity}', knownPlace, (req, res) => {
    const dataset = String(req.params.dataset)
    const name = String(req.params.file)
    if (!FILE_FILE.test(name) || !existsSync(files.filePath(dataset, name))) {
      return sendSanityError(res, 404, 'File not found', 'notFound')
    }
    if (typeof req.query.dl === 'string') disposition(res, req.query.dl, name)
    // send handles Range (206), If-Range, HEAD and the content type from the extension. no-transform keeps
    // the compression middleware off text files, which would otherwise gzip a partial (206) body.
    res.sendFile(files.filePath(dataset, name), {
      acceptRanges: true,
      cacheControl: false,
      headers: { 'Cache-Control': 'public, max-age=31536000, immutable, no-transform' },
    })
  })

  return router
}
