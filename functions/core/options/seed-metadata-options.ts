import type { MetadataOption } from '@shared/schemas/metadata-option';
import { putMetadataOptionIfAbsent } from '../../data/metadata-options';
import { SEED_VALUES, STUDIES } from './seed-values';

/**
 * Seeds the ten option lists. Idempotent: an option that exists (same list, same value ignoring case)
 * is left as it is, so re-seeding never undoes an administrator's edit or retirement.
 * 1. Build every option of the seed values (study numbers with their assigned metadata).
 * 2. Put each unless present, a few at a time.
 * Returns how many options were added.
 */
export async function seedMetadataOptions(): Promise<number> {
  const options: MetadataOption[] = [
    ...Object.entries(SEED_VALUES).flatMap(([type, values]) =>
      values.map((value) => ({ type, value, retired: false, usage: 0 }) as MetadataOption),
    ),
    ...STUDIES.map(
      (s): MetadataOption => ({
        type: 'study_number',
        value: s.value,
        retired: false,
        usage: 0,
        metadata: s.metadata,
      }),
    ),
  ];
  let added = 0;
  for (let i = 0; i < options.length; i += 10) {
    const results = await Promise.all(options.slice(i, i + 10).map((o) => putMetadataOptionIfAbsent(o)));
    added += results.filter(Boolean).length;
  }
  return added;
}
