import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';
import ts from 'typescript';

/**
 * An esbuild plugin for modules whose top-level constants are pure values (the zod schemas in
 * shared/schemas): every `const X = <call>` initializer becomes `/* @__PURE__ *\/ (() => <call>)()`,
 * which evaluates the same but lets esbuild drop the constants a handler never uses.
 *
 * Why: esbuild must assume a call may have side effects, so `export const A = z.object({...})` stays
 * in every bundle that imports the file, and zod 4 builds each schema at import time (~40 µs per
 * schema object here). A handler that needs 3 of the 40 schemas in model-api.ts would otherwise build
 * all 40 on each cold start.
 *
 * Only for files whose top-level calls have no effects worth keeping: a constant that is unused is
 * gone, call and all.
 */
export function pureTopLevelConstants(filter: RegExp): Plugin {
  return {
    name: 'pure-top-level-constants',
    setup(build) {
      build.onLoad({ filter }, async (args) => ({
        contents: markPure(args.path, await readFile(args.path, 'utf8')),
        loader: 'ts',
      }));
    },
  };
}

export function markPure(fileName: string, source: string): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const spans: [number, number][] = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const { initializer } of statement.declarationList.declarations) {
      if (initializer && ts.isCallExpression(unwrap(initializer))) {
        spans.push([initializer.getStart(file), initializer.getEnd()]);
      }
    }
  }
  let out = source;
  for (const [start, end] of spans.reverse()) {
    out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
  }
  return out;
}

/** `z.object(...) as X`, `(...)` and `... satisfies Y` wrap the call they mark. */
function unwrap(node: ts.Expression): ts.Expression {
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
