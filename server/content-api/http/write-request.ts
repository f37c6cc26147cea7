import type { Request, Response } from 'express'
import type { z } from 'zod'
import { principalOf } from './access'
import { badRequest, type ContentStore, assertCanWrite, identityOf } from '../engine'
import { apiVersionOf } from './api-version'

/**
 * The checks every write endpoint (mutate, actions) makes before it touches the store, in Sanity's order:
 * a valid API version, an existing dataset, a caller allowed to write, then a body of the expected shape.
 * `shape` is the 400 message that tells the caller what the body should look like.
 */
export function parseWriteRequest<Schema extends z.ZodType>(
  req: Request,
  res: Response,
  store: ContentStore,
  { schema, shape }: { schema: Schema; shape: string },
): { dataset: string; author: string; body: z.output<Schema> } {
  apiVersionOf(req)
  const dataset = String(req.params.dataset)
  store.dataset(dataset)
  const principal = principalOf(res)
  assertCanWrite(principal)
  const body = schema.safeParse(req.body)
  if (!body.success) throw badRequest(shape)
  return { dataset, author: identityOf(principal), body: body.data }
}
