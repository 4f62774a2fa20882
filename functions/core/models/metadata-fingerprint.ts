import { createHash } from 'node:crypto';
import type { ModelMetadata } from '@shared/schemas/model';

/**
 * The identity of an entry's scope for "exists by metadata" (000 §7): two entries describe the same
 * model when all of these are equal, compared trimmed and case-insensitively:
 * therapeutic area, disease, the set of products, model type, type (Global/Adaptation), version
 * (normalized: '1' equals '1.0'), study number, the global flag ('true'/'false', absent = 'false') and
 * the set of countries. Suffix, stage, classification, platform and free texts do not count.
 * The fingerprint is stored as the key item MODELMETA#<fingerprint> / MODEL#<uuid> in the entry's
 * transaction, so the check is one key Query.
 */
export function metadataFingerprintParts(m: ModelMetadata): Record<string, string | string[]> {
  const norm = (v: string | undefined) => (v ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  const set = (v: readonly string[] | undefined) => [...new Set((v ?? []).map(norm))].sort();
  const version = norm(m.version_release_of_model);
  return {
    therapeutic_area: norm(m.therapeutic_area),
    disease: norm(m.disease),
    product: set(m.product),
    model_type: norm(m.model_type),
    type: norm(m.type),
    version: version && !version.includes('.') ? `${version}.0` : version,
    study_number: norm(m.study_number),
    global: m.global === 'true' ? 'true' : 'false',
    country: set(m.country),
  };
}

export function metadataFingerprint(m: ModelMetadata): string {
  return createHash('sha256')
    .update(JSON.stringify(metadataFingerprintParts(m)))
    .digest('hex')
    .slice(0, 40);
}
