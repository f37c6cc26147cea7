import type { Language } from '../../newsletter/subscriber-preferences'
import type { AlertTemplate } from './alert-template'
import { en } from './en'

/** The template of each language; one not written yet falls back to English. */
const TEMPLATES: Partial<Record<Language, AlertTemplate>> = { en }

export const templateFor = (language: Language): AlertTemplate => TEMPLATES[language] ?? en
