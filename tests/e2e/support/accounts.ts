/** The administrator start-test-server.ts creates on first start. */
export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' } as const

/** A viewer start-test-server.ts adds once the server runs (releases-viewer.spec.ts). */
export const E2E_VIEWER = { email: 'viewer@example.com', password: 'e2e-viewer-password' } as const
