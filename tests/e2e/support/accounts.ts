/** The administrator start-test-server.ts creates on first start. */
export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' } as const
