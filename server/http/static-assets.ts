import { readdirSync } from 'node:fs'
import path from 'node:path'
import express, { type RequestHandler } from 'express'

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

/** The URL path of every file under `dir`, as the build wrote them, without dot files (`.vite/`). */
function filePaths(dir: string): Set<string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
  return new Set(
    files
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep))
      .filter((segments) => !segments.some((segment) => segment.startsWith('.')))
      .map((segments) => `/${segments.join('/')}`),
  )
}

const decoded = (pathname: string) => {
  try {
    return decodeURIComponent(pathname)
  } catch {
    return pathname
  }
}

/**
 * Serves the built client. Files under /assets/ carry a content hash in their name, so they are cached
 * for a year and marked immutable; anything else (favicon, robots) must revalidate. The build's files are listed
 * once at start (the directory never changes while the server runs), so a page request goes on without a file
 * system call: a `stat` and a 404 error object per page view cost more than answering a stored page (ADR 090).
 */
export function staticAssets(clientDir: string): RequestHandler {
  const files = filePaths(clientDir)
  const serve = express.static(clientDir, {
    index: false,
    redirect: false,
    setHeaders(res, filePath) {
      const relative = path.relative(clientDir, filePath).split(path.sep).join('/')
      res.setHeader(
        'Cache-Control',
        relative.startsWith('assets/')
          ? `public, max-age=${ONE_YEAR_SECONDS}, immutable`
          : 'public, max-age=0, must-revalidate',
      )
    },
  })
  return (req, res, next) => (files.has(decoded(req.path)) ? serve(req, res, next) : next())
}
