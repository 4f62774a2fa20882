import type { User } from '@shared/schemas/user';
import type { Hierarchy } from '@shared/schemas/versions-api';
import { notYet } from './not-yet';

export async function getHierarchy(_caller: User, _uuid: string): Promise<Hierarchy> {
  throw notYet();
}
