import type { User } from '@shared/schemas/user';
import type { NewVersionBody, NewVersionResult } from '@shared/schemas/versions-api';
import { notYet } from './not-yet';

export async function createVersion(
  _caller: User,
  _uuid: string,
  _body: NewVersionBody,
): Promise<NewVersionResult> {
  throw notYet();
}
