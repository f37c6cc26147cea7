import type { ApiTokenRepository } from '../content-api/accounts/api-tokens'

/** The label of the token the server reads drafts with in draft mode; listed among the API tokens. */
export const PREVIEW_TOKEN_LABEL = 'Site preview (server)'

/**
 * A viewer token for draft reads, made at start-up and held in memory only: the secret is stored hashed, so the
 * previous start's token (which no one holds any more) is revoked and a new one made (ADR 160).
 */
export function issuePreviewToken(tokens: ApiTokenRepository): string {
  for (const token of tokens.list()) if (token.label === PREVIEW_TOKEN_LABEL) tokens.revoke(token.id)
  return tokens.create({ label: PREVIEW_TOKEN_LABEL, role: 'viewer' }).token
}
