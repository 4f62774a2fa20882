import * as z from 'zod/mini';

/**
 * The model languages of spec 001 §9, in one small module: the sub-model rules (which files a language
 * executes) and the runners' result contract (shared/schemas/run-result.ts) both name them.
 */
export const MODEL_LANGUAGES = ['ExcelNative', 'Mathematica', 'Python', 'R', 'Other'] as const;
export const ModelLanguageSchema = z.enum(MODEL_LANGUAGES);
export type ModelLanguage = z.infer<typeof ModelLanguageSchema>;
