import type { ModelMetadata } from '@shared/schemas/model';
import { findModelByFingerprint } from '../../data/models';
import { withKnownStudy } from './check-model-name';
import { metadataFingerprint } from './metadata-fingerprint';

/**
 * Is there a non-deleted entry with the same identifying metadata (metadata-fingerprint.ts)? One key
 * Query on MODELMETA#<fingerprint>; deleting a draft removes its key item in the same transaction.
 * The metadata is taken as it would be stored (a known study fills its fields first).
 */
export async function existsByMetadata(metadata: ModelMetadata, exceptUuid?: string): Promise<boolean> {
  const stored = await withKnownStudy(metadata, exceptUuid);
  return (await findModelByFingerprint(metadataFingerprint(stored), exceptUuid)) !== undefined;
}
