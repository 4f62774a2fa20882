import type { User } from '@shared/schemas/user';
import type { LineageRoots, LineageRootsQuery } from '@shared/schemas/versions-api';
import { notYet } from './not-yet';

export async function listLineageRoots(_caller: User, _query: LineageRootsQuery): Promise<LineageRoots> {
  throw notYet();
}
