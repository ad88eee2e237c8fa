// TypeScript types from an OpenAPI description, as a client generates them (openapi-typescript),
// and a finder of the parts typed `unknown` or `any`.
import ts from 'typescript'
import { generatedTypes } from '../../packages/sdk/scripts/types.ts'

export { generatedTypes }

/**
 * Each place typed `unknown` or `any` inside the components whose name passes `roots`, following
 * references to other components: `SearchRequest.filters.[key]: unknown`.
 */
export function untypedParts(code: string, roots: (name: string) => boolean): string[] {
  const sf = ts.createSourceFile('schema.ts', code, ts.ScriptTarget.Latest, true)
  const schemas = new Map<string, ts.TypeNode>()
  sf.forEachChild((n) => {
    if (!ts.isInterfaceDeclaration(n) || n.name.text !== 'components') return
    for (const m of n.members)
      if (ts.isPropertySignature(m) && m.name.getText() === 'schemas' && m.type && ts.isTypeLiteralNode(m.type))
        for (const s of m.type.members)
          if (ts.isPropertySignature(s) && s.type) schemas.set(s.name.getText().replace(/["']/g, ''), s.type)
  })
  const out: string[] = []
  const seen = new Set<string>()
  const scan = (name: string, trail: string[]): void => {
    if (seen.has(name)) return
    seen.add(name)
    const visit = (n: ts.Node, where: string[]): void => {
      if (n.kind === ts.SyntaxKind.UnknownKeyword || n.kind === ts.SyntaxKind.AnyKeyword)
        out.push(`${[...trail, name, ...where].join('.')}: ${n.getText()}`)
      if (
        ts.isIndexedAccessTypeNode(n) &&
        ts.isLiteralTypeNode(n.indexType) &&
        ts.isStringLiteral(n.indexType.literal) &&
        n.objectType.getText() === 'components["schemas"]'
      )
        return scan(n.indexType.literal.text, [...trail, name, ...where])
      if (ts.isPropertySignature(n) || ts.isIndexSignatureDeclaration(n)) {
        const w = [...where, ts.isPropertySignature(n) ? n.name.getText().replace(/["']/g, '') : '[key]']
        return n.forEachChild((c) => visit(c, w))
      }
      n.forEachChild((c) => visit(c, where))
    }
    const type = schemas.get(name)
    if (type) visit(type, [])
  }
  for (const name of schemas.keys()) if (roots(name)) scan(name, [])
  if (schemas.size === 0) out.push('no components.schemas in the generated types')
  return out
}
