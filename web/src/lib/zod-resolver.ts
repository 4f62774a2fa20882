import { type FieldErrors, type FieldValues, type Resolver, set } from 'react-hook-form';
import type * as z from 'zod/mini';

/**
 * A react-hook-form resolver for a shared zod schema (STYLE.md §3: forms validate with the schemas of
 * shared/). Written here rather than taken from @hookform/resolvers: every release of that package
 * that supports zod 4 needs react-hook-form >= 7.55, while Amplify UI pins react-hook-form 7.53.2, so
 * taking it would put two copies of react-hook-form into the bundle (npm refuses the peer range).
 * It does what that package's zodResolver does for zod 4: parse, and on failure put each issue's
 * message at its path (the first issue per path wins, as the schema orders them). Replace it with
 * @hookform/resolvers once Amplify UI moves to react-hook-form >= 7.55.
 *
 * The form is typed by the schema's output (as @hookform/resolvers does): `values` on success are that
 * output (trimmed, defaults applied), which react-hook-form hands to `handleSubmit`.
 */
export function zodResolver<Schema extends z.ZodMiniType<FieldValues, unknown>>(
  schema: Schema,
): Resolver<z.output<Schema>> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    return { values: {}, errors: issuesToErrors<z.output<Schema>>(result.error.issues) };
  };
}

/** Zod issues as react-hook-form errors: nested by path, the first message per path. */
export function issuesToErrors<T extends FieldValues>(
  issues: readonly { path: readonly PropertyKey[]; message: string; code?: string }[],
): FieldErrors<T> {
  const errors = {} as FieldErrors<T>;
  const seen = new Set<string>();
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    set(errors, path === '' ? 'root' : path, { type: issue.code ?? 'custom', message: issue.message });
  }
  return errors;
}
