/** What a lazily loaded page shows while its code arrives. */
export function RouteFallback({ text }: { text: string }) {
  return (
    <div className="route-fallback" role="status" aria-live="polite">
      {text}
    </div>
  )
}
