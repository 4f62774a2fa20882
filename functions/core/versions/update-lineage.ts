import type { User } from '@shared/schemas/user';
import type { UpdateLineageBody } from '@shared/schemas/versions-api';
import type { ModelRecord } from '../../data/models';
import { notYet } from './not-yet';

export async function updateLineage(
  _caller: User,
  _uuid: string,
  _body: UpdateLineageBody,
): Promise<ModelRecord> {
  throw notYet();
}
