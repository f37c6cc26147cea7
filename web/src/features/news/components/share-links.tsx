import { useState } from 'react'
import { useMessages } from '../../../lib/i18n/messages'

/**
 * Share by plain links (each network's share URL, opened in a new tab) and a copy button: no third-party
 * scripts, nothing loads from a network until the reader clicks.
 */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const [copied, setCopied] = useState(false)
  const { share } = useMessages().news
  const u = encodeURIComponent(url)
  const t = encodeURIComponent(title)
  const networks = [
    { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { label: 'X', href: `https://x.com/intent/post?url=${u}&text=${t}` },
    { label: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
  ]
  const copy = () => {
    void navigator.clipboard?.writeText(url).then(
      () => setCopied(true),
      () => setCopied(false),
    )
  }
  return (
    <section className="share-links" aria-labelledby="share-links-title">
      <h2 id="share-links-title" className="share-links__title">
        {share.title}
      </h2>
      <ul className="share-links__list">
        {networks.map((network) => (
          <li key={network.label}>
            <a href={network.href} target="_blank" rel="noopener noreferrer">
              {share.on(network.label)}
            </a>
          </li>
        ))}
        <li>
          <a href={`mailto:?subject=${t}&body=${u}`}>{share.email}</a>
        </li>
        <li>
          <button type="button" onClick={copy}>
            {share.copy}
          </button>
          <span role="status" className="share-links__status">
            {copied ? share.copied : ''}
          </span>
        </li>
      </ul>
    </section>
  )
}
