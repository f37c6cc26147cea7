import ts from 'typescript'

/** The comments of a file: from TypeScript's parse tree for code, `/* … *\/` blocks for stylesheets. */
export function commentsOf(file: string, text: string): string[] {
  if (file.endsWith('.css')) return text.match(/\/\*[\s\S]*?\*\//g) ?? []
  const kind = file.endsWith('x')
    ? ts.ScriptKind.TSX
    : file.endsWith('.js')
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
  const found = new Map<number, string>()
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) found.set(range.pos, text.slice(range.pos, range.end))
  }
  // Every token's surrounding trivia, so comments in JSX braces and after the last statement count too.
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.JsxText) return
    collect(ts.getLeadingCommentRanges(text, node.pos))
    collect(ts.getTrailingCommentRanges(text, node.end))
    for (const child of node.getChildren(source)) visit(child)
  }
  visit(source)
  return [...found.values()]
}
