import path from 'node:path'
import type { RequestHandler, Router } from 'express'
import type { Env } from '../env'
import { hostPolicyFrom, publicOriginOf } from '../http/public-origin'
import type { Logger } from '../logger'
import { accountsFile, openAccounts, type Accounts } from './accounts/accounts'
import { bootstrapAdministrator } from './accounts/bootstrap-admin'
import { underApiVersion } from './http/api-version'
import { createAssetImporter } from './archive/asset-importer'
import { createAssets, type Assets } from './assets/assets'
import { createAssetRouters } from './assets/http/asset-routers'
import { storeAssetDocuments } from './assets/store-asset-documents'
import { DEFAULT_BLUR_WORK } from './assets/transform-budget'
import { createContentEdge, type ContentEdge } from './http/content-edge'
import { type AssetImporter, createPublishedReader, type ContentStore } from './engine'
import { contentLimitsFrom, type LimitsEnv } from './http/limits-from-env'
import { createContentApi, type ContentApiOptions } from './http/router'
import { bandNameFrom } from '../band-name'

export const CONTENT_MOUNT_PATH = '/content'
export const PROJECT_ID = 'local'

export type EmbeddedContentApi = {
  router: Router
  /** The content API's authenticate middleware, for other routers (e.g. newsletter admin) to reuse. */
  authenticate: RequestHandler
  accounts: Accounts
  assets: Assets
  edge: ContentEdge
  /** For content-core's NDJSON import (seed on first start): `_sanityAsset` files become asset documents. */
  assetImporter: AssetImporter
  close: () => void
}

type EnvPart = Pick<
  Env,
  | 'DATA_DIR'
  | 'SANITY_DATASET'
  | 'SITE_URL'
  | 'ADMIN_EMAIL'
  | 'ADMIN_PASSWORD'
  | 'CONTENT_UPLOAD_LIMIT_MB'
  | 'SESSION_TTL_DAYS'
  | 'IMAGE_MAX_OUTPUT_MEGAPIXELS'
  | 'IMAGE_TRANSFORM_CONCURRENCY'
  | 'IMAGE_TRANSFORM_QUEUE'
  | 'IMAGE_CACHE_MB'
  | 'QUERY_CACHE_MB'
  | 'ALLOWED_HOSTS'
> &
  LimitsEnv

/**
 * The whole embedded content API: content-core's data endpoints plus accounts, sign-in, Studio stubs and
 * assets, with one authenticate middleware in front. On first start it creates the administrator.
 */
export async function createEmbeddedContentApi(options: {
  env: EnvPart
  store: ContentStore
  logger: Logger
  now?: () => Date
  contentApiOptions?: Partial<ContentApiOptions>
}): Promise<EmbeddedContentApi> {
  const { env, store, logger } = options
  const accounts = openAccounts({
    file: accountsFile(env.DATA_DIR),
    now: options.now,
    sessionTtlMs: env.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
  })
  await bootstrapAdministrator(accounts, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, logger })

  const siteUrl = env.SITE_URL ? new URL(env.SITE_URL) : undefined
  const hostPolicy = hostPolicyFrom(env)
  // Without a known public origin, URLs stay root-relative so they work on every port and host name.
  const { assets, assetRouters } = composeAssets(
    env,
    store,
    `${siteUrl ? siteUrl.origin : ''}${CONTENT_MOUNT_PATH}`,
  )
  const edge = createContentEdge({
    accounts,
    project: {
      projectId: PROJECT_ID,
      displayName: bandNameFrom(
        createPublishedReader(store, { dataset: env.SANITY_DATASET ?? 'production', projectId: PROJECT_ID }),
        logger,
      ),
      createdAt: '2026-01-01T00:00:00.000Z',
      datasetNames: () => store.datasetNames(),
    },
    mountPath: CONTENT_MOUNT_PATH,
    allowedHosts: siteUrl ? [siteUrl.host] : [],
    publicOrigin: (req) => publicOriginOf(req, hostPolicy),
    assets: assetRouters,
  })
  const router = createContentApi({
    store,
    logger,
    projectId: PROJECT_ID,
    ...contentLimitsFrom(env),
    queryCacheBytes: Math.round(env.QUERY_CACHE_MB * 1024 * 1024),
    ...options.contentApiOptions,
    authenticate: edge.authenticate,
    routers: [underApiVersion(edge.versioned), edge.root],
  })
  const assetImporter = createAssetImporter({ assets: assets.service, identity: 'import' })
  return {
    router,
    authenticate: edge.authenticate,
    accounts,
    assets,
    edge,
    assetImporter,
    close: () => accounts.close(),
  }
}

/** Asset storage and its routers, with the limits from the environment. */
function composeAssets(env: EnvPart, store: ContentStore, publicBase: string) {
  const documents = storeAssetDocuments(store)
  const assets = createAssets({ dataDir: env.DATA_DIR, projectId: PROJECT_ID, documents, publicBase })
  const assetRouters = createAssetRouters(assets, {
    projectId: PROJECT_ID,
    hasDataset: (name) => store.hasDataset(name),
    documents,
    maxUploadBytes: Math.round(env.CONTENT_UPLOAD_LIMIT_MB * 1024 * 1024),
    transformBudget: {
      maxOutputPixels: Math.round(env.IMAGE_MAX_OUTPUT_MEGAPIXELS * 1_000_000),
      maxBlurWork: DEFAULT_BLUR_WORK,
    },
    variantLimits: {
      concurrency: env.IMAGE_TRANSFORM_CONCURRENCY,
      maxWaiting: env.IMAGE_TRANSFORM_QUEUE,
      cacheBytes: Math.round(env.IMAGE_CACHE_MB * 1024 * 1024),
    },
  })
  return { assets, assetRouters }
}

export function contentStoreFile(dataDir: string): string {
  return path.join(dataDir, 'content.sqlite')
}
