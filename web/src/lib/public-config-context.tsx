import { createContext, useContext } from 'react'
import type { PublicConfig } from '../config/public-config'

const PublicConfigContext = createContext<PublicConfig | null>(null)

export const PublicConfigProvider = PublicConfigContext.Provider

export function usePublicConfig(): PublicConfig {
  const config = useContext(PublicConfigContext)
  if (!config) throw new Error('usePublicConfig must be used inside <PublicConfigProvider>')
  return config
}
