import type { ICruiseOptions, IForbiddenRuleType } from 'dependency-cruiser'

/** The types of dependency-cruiser.config.js, which scripts/lint/import-cycles.test.ts runs on its own trees. */
declare const config: { forbidden: IForbiddenRuleType[]; options: ICruiseOptions }
export default config
