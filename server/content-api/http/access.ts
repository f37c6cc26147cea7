import type { Response } from 'express'
import { ANONYMOUS, type Principal } from '../engine'

declare module 'express-serve-static-core' {
  interface Locals {
    principal?: Principal
  }
}

/** The caller of a request, as authentication left it; what it may do comes from engine/authorization.ts. */
export function principalOf(res: Response): Principal {
  return res.locals.principal ?? ANONYMOUS
}
