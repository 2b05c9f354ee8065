import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * The static checks behind "modules talk through each other's services, never
 * through another module's IPC handlers or tables" (issue 16). A module is a
 * folder of main/core; files at main/core's root (services.ts, the composition
 * root that wires every module's handlers into the router) belong to none.
 */

export const CORE = 'main/core';

/** The module a file of main/core belongs to: its first folder, or undefined for a root file. */
export function moduleOf(file: string): string | undefined {
  const parts = relative(CORE, file).split(sep);
  return parts.length > 1 ? parts[0] : undefined;
}

/** Every .ts file under main/core, as a path relative to the repository. */
export function coreFiles(dir = CORE): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return coreFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The files that hold a module's IPC handlers: each module names them `<name>-handlers.ts`. */
const isHandlerFile = (path: string) => /-handlers(\.ts)?$/.test(path);

function parse(file: string, source: string) {
  return ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
}

function walk(node: ts.Node, visit: (node: ts.Node) => void) {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/**
 * (a) A file of module X that imports (statically, by re-export or by import())
 * another module's handler file, or reads some object's `handlers`: a module's
 * handlers are only for the router, which services.ts wires.
 */
export function handlerViolations(file: string, source: string = readFileSync(file, 'utf8')): string[] {
  const own = moduleOf(file);
  if (own === undefined) return [];
  const found: string[] = [];
  walk(parse(file, source), (node) => {
    let specifier: string | undefined;
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifier = node.moduleSpecifier.text;
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      specifier = node.arguments[0].text;
    }
    if (specifier?.startsWith('.')) {
      const target = relative(process.cwd(), resolve(dirname(file), specifier));
      const owner = moduleOf(target);
      if (isHandlerFile(target) && owner !== own) {
        found.push(`${file} (module ${own}) imports ${specifier}, the IPC handlers of module ${owner}: call ${owner}'s service instead`);
      }
    }
    const reads =
      (ts.isPropertyAccessExpression(node) && node.name.text === 'handlers') ||
      (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression) && node.argumentExpression.text === 'handlers');
    if (reads) {
      const line = node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push(`${file}:${line} (module ${own}) reads ${node.getText()}: a module's handlers are wired only by services.ts; call its service`);
    }
  });
  return found;
}

/** The text of every string and template literal in a file (comments are not SQL). */
function literals(file: string, source: string): string[] {
  const texts: string[] = [];
  walk(parse(file, source), (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) texts.push(node.text);
    else if (ts.isTemplateExpression(node)) texts.push([node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ? '));
  });
  return texts;
}

/**
 * Tables named by SQL: after FROM and JOIN (a comma list), INTO, UPDATE and
 * TABLE; quoted names unquoted. Keywords are upper case, as all SQL in main/core
 * is written, so "read from settings" in a message is not taken for SQL.
 */
export function tablesNamed(sql: string): string[] {
  const names: string[] = [];
  const name = String.raw`"?([A-Za-z_][A-Za-z0-9_]*)"?`;
  // An alias may follow a name ("FROM orders o, trades t"), but never a keyword that starts the next clause.
  const alias = String.raw`(?:\s+(?:AS\s+)?(?!(?:JOIN|WHERE|ON|USING|LEFT|RIGHT|INNER|OUTER|CROSS|NATURAL|ORDER|GROUP|LIMIT|UNION|SET|VALUES|HAVING)\b)[A-Za-z_]\w*)?`;
  const list = new RegExp(String.raw`\b(?:FROM|JOIN)\s+(${name}${alias}(?:\s*,\s*${name}${alias})*)`, 'g');
  for (const match of sql.matchAll(list)) {
    for (const item of match[1]!.split(',')) names.push(item.trim().split(/\s+/)[0]!.replace(/"/g, ''));
  }
  for (const match of sql.matchAll(new RegExp(String.raw`\b(?:INTO|UPDATE|TABLE)\s+${name}`, 'g'))) names.push(match[1]!);
  return names;
}

/**
 * (b) SQL in a file of module X naming a table that `owners` gives to another
 * module. Only known tables count, so "from the" in a message is not SQL.
 */
export function foreignTableViolations(file: string, owners: Readonly<Record<string, string>>, source: string = readFileSync(file, 'utf8')): string[] {
  const own = moduleOf(file);
  if (own === undefined) return [];
  const found = new Set<string>();
  for (const text of literals(file, source)) {
    for (const table of tablesNamed(text)) {
      const owner = owners[table];
      if (owner !== undefined && owner !== own) {
        found.add(`${file} (module ${own}) names table ${table} in SQL, a table of module ${owner}: go through ${owner}'s service`);
      }
    }
  }
  return [...found];
}
