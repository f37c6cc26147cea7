/**
 * What publishing does to the references of a draft (ADR 140). The Studio's inline "create new document" flow
 * writes a reference to a document that does not exist yet as `{_ref, _weak: true, _strengthenOnPublish: {type,
 * weak?, template?}}`; the Content Lake makes such a reference strong when the draft is published (only when
 * both `_weak` and `_strengthenOnPublish` are set), unless `_strengthenOnPublish.weak` says the schema wants it
 * weak. Either way the marker is dropped from the published document. Returns a new value; input is untouched.
 */
export function strengthenOnPublish<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => strengthenOnPublish(item)) as T
  if (!value || typeof value !== 'object') return value
  const record = value as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(record)) out[key] = strengthenOnPublish(child)
  const marker = record._strengthenOnPublish
  if (typeof record._ref === 'string' && marker && record._weak) {
    delete out._strengthenOnPublish
    const staysWeak = typeof marker === 'object' && (marker as { weak?: unknown }).weak === true
    if (!staysWeak) delete out._weak
  }
  return out as T
}
