/**
 * A sentence of the interface that holds a name from the content (an area, say) which is shown in another language
 * than the page's (an English stand-in on a Spanish page): the name is marked with its own `lang`, so a screen
 * reader pronounces it in that language and the rest in the page's. Without a name or its own language, the
 * sentence as it is.
 */
export function TextWithName({
  text,
  name,
  lang,
}: {
  text: string
  name: string | null
  lang: string | null
}) {
  const at = name && lang ? text.indexOf(name) : -1
  if (!name || !lang || at < 0) return <>{text}</>
  return (
    <>
      {text.slice(0, at)}
      <span lang={lang}>{name}</span>
      {text.slice(at + name.length)}
    </>
  )
}
