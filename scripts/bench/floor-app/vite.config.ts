import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/** Builds the floor app with the project's own vite, react plugin, react, react-router and react-query. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  logLevel: 'warn',
})
