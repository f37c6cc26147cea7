/**
 * The one error type of the content API. The engine throws it with the status Sanity would answer; the HTTP
 * edge (http/error-handler.ts) answers it in Sanity's shape, `{error: {type, description, ...}, message,
 * statusCode}`, which is what @sanity/client turns into its error message (`body.error.description`) and
 * `details`. It carries `status` like the site's HttpError, so the site's error handler reads it too.
 */
export class ContentApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    description: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(description)
    this.name = 'ContentApiError'
  }

  toBody(): Record<string, unknown> {
    return {
      error: { type: this.type, description: this.message, ...this.extra },
      message: this.message,
      statusCode: this.status,
    }
  }
}

export const badRequest = (description: string, extra?: Record<string, unknown>) =>
  new ContentApiError(400, 'validationError', description, extra)

export const notFound = (description: string) => new ContentApiError(404, 'notFound', description)

export const unauthorized = () =>
  new ContentApiError(401, 'unauthorized', 'Unauthorized - Session not found or token invalid')

/** The Studio's way of learning it is signed out: a 401 without a session to blame. */
export const notAuthenticated = () => new ContentApiError(401, 'unauthorized', 'Not authenticated')

export const forbidden = (description = 'Forbidden - insufficient permissions') =>
  new ContentApiError(403, 'forbidden', description)

/**
 * A signed-in caller whose role does not allow the action: the type the Studio's release tool reads from its
 * dry-run probes to hide the actions a viewer cannot take (ADR 180).
 */
export const insufficientPermissions = (
  description = 'Insufficient permissions; permission "update" required',
) => new ContentApiError(403, 'insufficientPermissionsError', description)

/**
 * A failed mutation or action: the client lists `items[].error.description` under the summary, like Sanity's
 * "The mutation(s) failed: ..." message.
 */
export function mutationError(
  status: number,
  description: string,
  item: { type: string; id?: string; index?: number; [detail: string]: unknown },
  kind: 'mutationError' | 'actionError' = 'mutationError',
): ContentApiError {
  const summary = kind === 'mutationError' ? 'The mutation(s) failed' : 'The action(s) failed'
  const { index, ...error } = item
  return new ContentApiError(status, kind, `${summary}: ${description}`, {
    items: [{ error: { ...error, description }, index: index ?? 0 }],
  })
}

/**
 * A revision precondition (`ifRevisionID`, `ifDraftRevisionId`, ...) that does not hold: Sanity's
 * `documentRevisionIDDoesNotMatchError`, naming both revisions so a client can refetch and retry.
 */
export const conflict = (
  description: string,
  id: string,
  revisions: { current: string | undefined; expected: string },
  index?: number,
  kind?: 'mutationError' | 'actionError',
) =>
  mutationError(
    409,
    description,
    {
      type: 'documentRevisionIDDoesNotMatchError',
      id,
      index,
      currentRevisionID: revisions.current ?? null,
      expectedRevisionID: revisions.expected,
    },
    kind,
  )
