import * as z from 'zod/mini';

/**
 * The Macros part of a workbook comparison (issue 18 §4): each VBA module of the two versions with a
 * status, and one module's line diff. The server computes both (functions/core/diffs/vba); the web
 * app renders them. Line tags are the spec's diff tags (§3: equal, plus, minus).
 *
 * Cosmetic changes: the VBA editor re-capitalises identifiers across a whole project by itself (type
 * `dim` once and every `Dim` may change) and rewrites `Attribute VB_...` lines; neither changes what
 * the macro does. Such lines are flagged and do not make a module 'changed'; the UI hides them unless
 * the user asks to see them (`visibleMacroLines`).
 */

/** standard module, class module, document module (ThisWorkbook, a sheet), UserForm. */
export const VbaModuleKindSchema = z.enum(['standard', 'class', 'document', 'form']);
export type VbaModuleKind = z.infer<typeof VbaModuleKindSchema>;

export const MacroStatusSchema = z.enum(['added', 'removed', 'changed', 'unchanged']);
export type MacroStatus = z.infer<typeof MacroStatusSchema>;

export const MacroLineTagSchema = z.enum(['equal', 'plus', 'minus']);
export type MacroLineTag = z.infer<typeof MacroLineTagSchema>;

/**
 * Why a changed line is only cosmetic: 'letter-case' when it differs from its counterpart only in the
 * case of code outside string literals and comments; 'attribute' for an `Attribute ...VB_...` line.
 */
export const CosmeticChangeSchema = z.enum(['letter-case', 'attribute']);
export type CosmeticChange = z.infer<typeof CosmeticChangeSchema>;

export const MacroLineSchema = z.object({
  tag: MacroLineTagSchema,
  text: z.string(),
  /** 1-based line number in the first version's module (equal and minus lines). */
  line1: z.optional(z.number()),
  /** 1-based line number in the second version's module (equal and plus lines). */
  line2: z.optional(z.number()),
  /** Set on plus and minus lines that are cosmetic; a letter-case change is a minus then a plus. */
  cosmetic: z.optional(CosmeticChangeSchema),
});
export type MacroLine = z.infer<typeof MacroLineSchema>;

/** One module in the comparison overview (`macros` of the workbook diff). */
export const MacroSummarySchema = z.object({
  name: z.string(),
  kind: VbaModuleKindSchema,
  /** With cosmetic changes hidden (the default) a module changed only cosmetically is 'unchanged'. */
  status: MacroStatusSchema,
  /** Plus and minus lines that are not cosmetic. */
  linesAdded: z.number(),
  linesRemoved: z.number(),
  /** Plus and minus lines that are cosmetic, shown on request. */
  cosmeticLines: z.number(),
});
export type MacroSummary = z.infer<typeof MacroSummarySchema>;

/** `GET …/diff/{otherUuid}/{otherFileUuid}/macros/{module}`: one module's line diff. */
export const MacroModuleDiffSchema = z.extend(MacroSummarySchema, {
  lines: z.array(MacroLineSchema),
});
export type MacroModuleDiff = z.infer<typeof MacroModuleDiffSchema>;

/**
 * The lines to show. With cosmetic changes hidden, a cosmetic minus line disappears and a cosmetic
 * plus line reads as an unchanged line of the second version, so the text shown is the second
 * version's text and only real changes stand out.
 */
export function visibleMacroLines(lines: MacroLine[], showCosmetic: boolean): MacroLine[] {
  if (showCosmetic) return lines;
  const visible: MacroLine[] = [];
  for (const line of lines) {
    if (!line.cosmetic) visible.push(line);
    else if (line.tag === 'plus') visible.push({ tag: 'equal', text: line.text, line2: line.line2 });
  }
  return visible;
}
