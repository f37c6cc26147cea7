/**
 * The floor app of `npm run bench -- home-lighthouse` (issue 14): Vite + React 19 + React Router 8's data router +
 * react-query 5, rendering one heading and nothing else, client-side. The site must paint before this does.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'

const queryClient = new QueryClient()
const router = createBrowserRouter([{ path: '*', element: <h1>Hello, world</h1> }])

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)
