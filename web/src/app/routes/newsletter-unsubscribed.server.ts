/** `status`: the page's states (features/newsletter/newsletter-pages.tsx); any other value renders as none. */
export const values = { status: async () => ['invalid'] }
