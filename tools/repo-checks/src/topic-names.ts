import ts from 'typescript';

/** A stream topic's name written in a source file. */
export interface TopicNameUse {
  /** Path of the file, as given. */
  readonly file: string;
  readonly line: number;
  /** The literal as written: `'price'`, or `` `presale:${…}` `` for a name built from a prefix. */
  readonly text: string;
  /** The topic, or the family of topics (`presale:`), it names. */
  readonly names: string;
}

/**
 * The prefixes that build topic names from a key (`presale:` of `presale:public`): the part up
 * to and including the first `:` of every name that has one.
 */
export function topicPrefixes(topics: readonly string[]): string[] {
  return [
    ...new Set(topics.filter((t) => t.includes(':')).map((t) => t.slice(0, t.indexOf(':') + 1))),
  ];
}

function isModuleSpecifier(node: ts.Node): boolean {
  const parent = node.parent;
  return (
    (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) &&
    parent.moduleSpecifier === node
  );
}

/**
 * Where `source` writes a stream topic's name: a string literal (or a template without
 * placeholders) equal to one of `topics`, or a template whose text before its first placeholder
 * is one of their prefixes (`` `presale:${variant}` ``). Other strings that merely contain a name
 * (`'/api/v1/price/sol-usd'`, `'prices'`, `` `goals:${community}` ``) and import paths are not
 * names.
 */
export function findTopicNames(
  file: string,
  source: string,
  topics: readonly string[],
): TopicNameUse[] {
  const names = new Set(topics);
  const prefixes = new Set(topicPrefixes(topics));
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: TopicNameUse[] = [];
  const report = (node: ts.Node, text: string, name: string) => {
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    const prefix = name.includes(':') ? name.slice(0, name.indexOf(':') + 1) : name;
    found.push({ file, line: line + 1, text, names: prefix });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (names.has(node.text) && !isModuleSpecifier(node)) {
        report(node, `'${node.text}'`, node.text);
      }
    } else if (ts.isTemplateExpression(node) && prefixes.has(node.head.text)) {
      report(node, `\`${node.head.text}\${…}\``, node.head.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/**
 * The rule "each topic is declared once, in the topic list": outside `topicsDir` no file writes
 * a topic's name (a plugin, a route or a service that names one is listing a topic by hand
 * instead of reading the list), and inside it each topic, or family of topics built from one
 * prefix, is named in one file only (its topic's file: the first in `files` to name it). Returns
 * every use that breaks it, in file order.
 */
export function strayTopicNames(
  files: readonly { readonly file: string; readonly source: string }[],
  topicsDir: string,
  topics: readonly string[],
): TopicNameUse[] {
  const stray: TopicNameUse[] = [];
  const declaredIn = new Map<string, string>();
  for (const { file, source } of files) {
    for (const use of findTopicNames(file, source, topics)) {
      if (!file.startsWith(topicsDir)) {
        stray.push(use);
        continue;
      }
      const owner = declaredIn.get(use.names);
      if (owner === undefined) declaredIn.set(use.names, file);
      else if (owner !== file) stray.push(use);
    }
  }
  return stray;
}
