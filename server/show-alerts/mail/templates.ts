import type { Language } from '../../newsletter/subscriber-preferences'
import type { AlertTemplate } from './alert-template'
import { en } from './en'
import { es } from './es'

/** The template of each language. */
const TEMPLATES: Record<Language, AlertTemplate> = { en, es }

export const templateFor = (language: Language): AlertTemplate => TEMPLATES[language]
