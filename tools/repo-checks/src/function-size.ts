import ts from 'typescript';

/** A function longer than the limit: where it starts and how many lines it spans. */
export interface LongFunction {
  readonly file: string;
  readonly line: number;
  readonly name: string;
  readonly lines: number;
}

/** The name a function goes by: its own, or the variable, property or method it is bound to. */
function nameOf(node: ts.SignatureDeclaration, source: ts.SourceFile): string {
  if (node.name !== undefined) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent)) return `<callback of ${parent.expression.getText(source)}>`;
  return '<anonymous>';
}

/**
 * Every function with a body (declarations, expressions, arrows, methods, accessors) spanning
 * more than `maxLines` lines, from its first token to its closing brace. Nested functions count
 * on their own and inside their parent, so a long function cannot hide in a short wrapper.
 */
export function longFunctions(
  file: string,
  text: string,
  maxLines: number,
): readonly LongFunction[] {
  const kind = /\.[cm]?[jt]sx$/.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > maxLines) {
        found.push({ file, line: first + 1, name: nameOf(node, source), lines });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
