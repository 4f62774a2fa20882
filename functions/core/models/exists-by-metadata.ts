import type { ModelMetadata } from '@shared/schemas/model';
import { findModelByFingerprint } from '../../data/models';
import { metadataFingerprint } from './metadata-fingerprint';

/**
 * Is there a non-deleted entry with the same identifying metadata (metadata-fingerprint.ts)? One key
 * Query on MODELMETA#<fingerprint>; deleting a draft removes its key item in the same transaction.
 */
export async function existsByMetadata(metadata: ModelMetadata, exceptUuid?: string): Promise<boolean> {
  return (await findModelByFingerprint(metadataFingerprint(metadata), exceptUuid)) !== undefined;
}
