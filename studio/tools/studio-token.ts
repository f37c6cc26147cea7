import { useClient } from 'sanity'

/**
 * Local backend: the signed-in user's own token, which the site's admin APIs accept (they check the editor
 * role).
 */
export function useStudioToken(): string | undefined {
  const client = useClient({ apiVersion: '2025-02-19' })
  return client.config().token
}
