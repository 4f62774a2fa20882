import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import ts from 'typescript';

/**
 * An esbuild plugin that makes the bundle build each zod schema at its first use instead of at import
 * (functions/lib/lazy-schema.ts says how, and what that cannot make identical). Every top-level
 * constant of our modules whose TYPE is a zod schema, or an object literal of zod schemas (a shape that
 * several schemas spread), and whose value is computed by calls:
 *
 *     export const X = z.object({ a: A, ...shape });
 * becomes
 *     export const X = /* @__PURE__ *\/ __lazySchema(() => (z.object({ a: __forceSchema(A), ...__forceSchema(shape) })));
 *
 * - `__forceSchema` wraps every lazy constant named inside a lazy definition, and inside any function of
 *   any module (a handler's `X.parse(...)`, a helper's `z.object(SHAPE)`): building X builds what X
 *   holds, and a schema in use is the built one, so parsing never goes through a proxy below the top.
 *   Only what module code reads at import keeps the stand-in (`httpHandler({ params: X })`, a map
 *   `{ STRING: StringSchema }`): that is what lets a schema wait for its first use;
 * - `@__PURE__` lets esbuild drop a schema no code of the bundle uses (it must assume a call may have
 *   effects, so it kept every schema of a module the bundle imports). With `pure`, the other top-level
 *   call initializers of those modules are marked too: `/* @__PURE__ *\/ (() => (call()))()` evaluates
 *   the same and is dropped when unused.
 *
 * Why types and not syntax: `numericParameter('INTEGER')` is a schema and `FORM_MESSAGES.taken(name)` is
 * a string; only the type checker tells them apart. One TypeScript program over the folders is made
 * per process (about 3 s) and made again when a file changed since.
 *
 * Measured (valgrind instruction counts of import + first dispatch, the sub-models area): 469 million
 * instructions with every schema built at import (73 schemas), 381 million lazily; the floor of its
 * clients is 255 million. docs/testing.md, `bench:bundles`.
 */
export interface LazySchemasOptions {
  repoRoot: string;
  /** Folders below repoRoot whose modules are rewritten (our code: never node_modules). */
  folders: readonly string[];
  /** Absolute path of the runtime (functions/lib/lazy-schema.ts). */
  runtime: string;
  /** Modules whose top-level calls have no effect worth keeping: their other call initializers are marked pure too. */
  pure?: RegExp;
}

export function lazySchemas(options: LazySchemasOptions): Plugin {
  const folders = options.folders.map((f) => path.join(options.repoRoot, f) + path.sep);
  const filter = new RegExp(
    `^(?:${folders.map((f) => f.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')).join('|')}).*\\.ts$`,
  );
  return {
    name: 'lazy-schemas',
    setup(build) {
      // A program made by an earlier build of this process is checked against the files once per build.
      let checked = false;
      build.onStart(() => {
        checked = false;
      });
      build.onLoad({ filter }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`) || args.path === options.runtime)
          return undefined;
        if (!checked) {
          forgetStaleProgram(options);
          checked = true;
        }
        const contents = rewriteModule(options, args.path);
        return contents === undefined ? undefined : { contents, loader: 'ts' };
      });
    },
  };
}

/** The module's source with its schema constants made lazy, or undefined when nothing changes. */
export function rewriteModule(options: LazySchemasOptions, fileName: string): string | undefined {
  const program = programFor(options, fileName);
  const file = program.getSourceFile(fileName);
  if (!file) throw new Error(`${fileName} is not in the TypeScript program of the lazy-schemas plugin`);
  return new Rewriter(program.getTypeChecker(), file, options).rewrite();
}

// ---------- one TypeScript program per process ----------

let cached: { key: string; program: ts.Program } | undefined;

function programFor(options: LazySchemasOptions, fileName: string): ts.Program {
  const key = programKey(options);
  const known = cached?.key === key ? cached.program.getSourceFile(fileName) : undefined;
  if (cached && known && known.text === ts.sys.readFile(fileName)) return cached.program;
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(options.repoRoot, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  const rootNames = options.folders.flatMap((folder) => sourceFiles(path.join(options.repoRoot, folder)));
  const program = ts.createProgram({
    rootNames,
    options: { ...config.options, noEmit: true },
    oldProgram: cached?.key === key ? cached.program : undefined,
  });
  cached = { key, program };
  return program;
}

/** Drops the cached program when a file of the folders was added, removed or changed since it was made. */
function forgetStaleProgram(options: LazySchemasOptions): void {
  if (!cached || cached.key !== programKey(options)) return;
  const { program } = cached;
  const files = options.folders.flatMap((folder) => sourceFiles(path.join(options.repoRoot, folder)));
  const roots = new Set(program.getRootFileNames());
  const stale =
    files.length !== roots.size ||
    files.some((f) => !roots.has(f) || program.getSourceFile(f)?.text !== ts.sys.readFile(f));
  if (stale) cached = undefined;
}

function programKey(options: LazySchemasOptions): string {
  return `${options.repoRoot}|${options.folders.join(',')}`;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /(?<!\.d)\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

// ---------- the rewrite ----------

interface Edit {
  start: number;
  end: number;
  text: string;
}

const LAZY = '__lazySchema';
const FORCE = '__forceSchema';

class Rewriter {
  private readonly lazyDeclarations = new Map<ts.Node, boolean>();
  private readonly folders: string[];

  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly file: ts.SourceFile,
    private readonly options: LazySchemasOptions,
  ) {
    this.folders = options.folders.map((f) => path.join(options.repoRoot, f) + path.sep);
  }

  rewrite(): string | undefined {
    const edits: Edit[] = [];
    let lazy = false;
    const pure = this.options.pure?.test(this.file.fileName) ?? false;
    for (const statement of this.file.statements) {
      const constants =
        ts.isVariableStatement(statement) && statement.declarationList.flags & ts.NodeFlags.Const
          ? statement.declarationList.declarations
          : undefined;
      if (!constants) {
        edits.push(...this.forceEdits(statement, false));
        continue;
      }
      for (const declaration of constants) {
        const { initializer } = declaration;
        if (!initializer) continue;
        const start = initializer.getStart(this.file);
        const end = initializer.getEnd();
        if (this.isLazy(declaration)) {
          const text = applyEdits(this.file.text, start, end, this.forceEdits(initializer, true));
          edits.push({ start, end, text: `/* @__PURE__ */ ${LAZY}(() => (${text}))` });
          lazy = true;
        } else if (pure && ts.isCallExpression(unwrapExpression(initializer))) {
          const text = applyEdits(this.file.text, start, end, this.forceEdits(initializer, false));
          edits.push({ start, end, text: pureWrap(text) });
        } else {
          edits.push(...this.forceEdits(initializer, false));
        }
      }
    }
    if (edits.length === 0) return undefined;
    const forced = edits.some((e) => e.text.includes(`${FORCE}(`));
    let out = applyEdits(this.file.text, 0, this.file.text.length, edits);
    if (lazy || forced) {
      // At the end, so that no line moves: the source map of the rewritten module stays true to the file.
      const names = [lazy ? `lazySchema as ${LAZY}` : '', forced ? `forceSchema as ${FORCE}` : '']
        .filter(Boolean)
        .join(', ');
      out += `\nimport { ${names} } from ${JSON.stringify(this.options.runtime)};\n`;
    }
    return out;
  }

  /** A top-level const of our code whose type is a zod schema (or a shape of them), computed by calls. */
  private isLazy(declaration: ts.VariableDeclaration): boolean {
    const known = this.lazyDeclarations.get(declaration);
    if (known !== undefined) return known;
    const result = this.computeLazy(declaration);
    this.lazyDeclarations.set(declaration, result);
    return result;
  }

  private computeLazy(declaration: ts.VariableDeclaration): boolean {
    const statement = declaration.parent?.parent;
    if (!statement || !ts.isVariableStatement(statement) || !ts.isSourceFile(statement.parent)) return false;
    if (!(declaration.parent.flags & ts.NodeFlags.Const) || !ts.isIdentifier(declaration.name)) return false;
    if (statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword)) return false;
    const fileName = statement.parent.fileName;
    if (
      !this.folders.some((f) => fileName.startsWith(f)) ||
      fileName.includes(`${path.sep}node_modules${path.sep}`)
    )
      return false;
    const initializer = declaration.initializer && unwrapExpression(declaration.initializer);
    if (!initializer) return false;
    const type = this.checker.getTypeAtLocation(declaration.name);
    if (ts.isCallExpression(initializer)) return isSchema(type);
    if (ts.isObjectLiteralExpression(initializer)) {
      // A shape: every property a schema, at least one built here (a call), so there is work to defer.
      const plain = initializer.properties.every(
        (p) => ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p) || ts.isSpreadAssignment(p),
      );
      const properties = type.getProperties();
      return (
        plain &&
        properties.length > 0 &&
        properties.every((p) => isSchema(this.checker.getTypeOfSymbolAtLocation(p, declaration))) &&
        containsCall(initializer)
      );
    }
    return false;
  }

  /**
   * `__forceSchema(...)` around each reference to a lazy constant below `root` that is read when a schema
   * is built or used: inside a lazy definition (`inside`) and inside any function. A reference read at
   * import time by other module code (`httpHandler({ params: X })`, `{ STRING: StringSchema }`) keeps
   * the stand-in, which is what lets the schema wait for its first use.
   */
  private forceEdits(root: ts.Node, inside: boolean): Edit[] {
    const edits: Edit[] = [];
    const visit = (node: ts.Node, forcing: boolean): void => {
      if (ts.isTypeNode(node) || ts.isTypeQueryNode(node)) return;
      if (forcing && ts.isShorthandPropertyAssignment(node)) {
        if (this.refersToLazy(this.checker.getShorthandAssignmentValueSymbol(node))) {
          const name = node.name.text;
          edits.push({
            start: node.getStart(this.file),
            end: node.getEnd(),
            text: `${name}: ${FORCE}(${name})`,
          });
        }
        return;
      }
      if (
        forcing &&
        ts.isPropertyAccessExpression(node) &&
        this.refersToLazy(this.checker.getSymbolAtLocation(node.name))
      ) {
        edits.push(this.wrap(node));
        return;
      }
      if (
        forcing &&
        ts.isIdentifier(node) &&
        isReference(node) &&
        this.refersToLazy(this.checker.getSymbolAtLocation(node))
      ) {
        edits.push(this.wrap(node));
        return;
      }
      const inFunction = forcing || ts.isFunctionLike(node) || ts.isClassStaticBlockDeclaration(node);
      ts.forEachChild(node, (child) => visit(child, inFunction));
    };
    visit(root, inside);
    return edits;
  }

  private wrap(node: ts.Node): Edit {
    const start = node.getStart(this.file);
    return { start, end: node.getEnd(), text: `${FORCE}(${this.file.text.slice(start, node.getEnd())})` };
  }

  private refersToLazy(symbol: ts.Symbol | undefined): boolean {
    let target = symbol;
    if (target && target.flags & ts.SymbolFlags.Alias) target = this.checker.getAliasedSymbol(target);
    const declaration = target?.valueDeclaration;
    return !!declaration && ts.isVariableDeclaration(declaration) && this.isLazy(declaration);
  }
}

/**
 * Every zod schema, classic or mini, has `_zod` and `~standard` (core's $ZodType). A zod/mini check
 * (`z.trim()`, `z.minLength(1)`) has `_zod` only: it is cheap to build and stays as written.
 */
function isSchema(type: ts.Type): boolean {
  return type.getProperty('_zod') !== undefined && type.getProperty('~standard') !== undefined;
}

function containsCall(node: ts.Node): boolean {
  return (
    ts.isCallExpression(node) ||
    ts.isNewExpression(node) ||
    !!ts.forEachChild(node, (c) => containsCall(c) || undefined)
  );
}

/** An identifier read as a value (not the name of a declaration, a property or a label). */
function isReference(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (!parent || ts.isQualifiedName(parent)) return false;
  if (ts.isPropertyAccessExpression(parent)) return parent.expression === node;
  if (ts.isBreakOrContinueStatement(parent) || ts.isLabeledStatement(parent)) return false;
  if (
    (ts.isBindingElement(parent) || ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) &&
    parent.propertyName === node
  )
    return false;
  const declares =
    ts.isVariableDeclaration(parent) ||
    ts.isParameter(parent) ||
    ts.isBindingElement(parent) ||
    ts.isFunctionDeclaration(parent) ||
    ts.isFunctionExpression(parent) ||
    ts.isClassDeclaration(parent) ||
    ts.isClassExpression(parent) ||
    ts.isMethodDeclaration(parent) ||
    ts.isPropertyDeclaration(parent) ||
    ts.isGetAccessorDeclaration(parent) ||
    ts.isSetAccessorDeclaration(parent) ||
    ts.isPropertyAssignment(parent) ||
    ts.isPropertySignature(parent) ||
    ts.isEnumMember(parent) ||
    ts.isImportSpecifier(parent) ||
    ts.isExportSpecifier(parent) ||
    ts.isNamespaceImport(parent) ||
    ts.isImportClause(parent);
  return !declares || (parent as { name?: ts.Node }).name !== node;
}

/** `text.slice(start, end)` with the edits (each inside that range, none overlapping) applied. */
function applyEdits(text: string, start: number, end: number, edits: readonly Edit[]): string {
  let out = '';
  let at = start;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at, end);
}

/** An initializer's text wrapped so that it evaluates the same and esbuild may drop it when unused. */
function pureWrap(initializer: string): string {
  return `/* @__PURE__ */ (() => (${initializer}))()`;
}

/** `z.object(...) as X`, `(...)` and `... satisfies Y` wrap the call they hold. */
function unwrapExpression(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isParenthesizedExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}
