import type { ShareEntry } from '@shared/schemas/instance-api';
import type { ComponentType } from 'react';

/**
 * The share dialog of the instances feature (001 §2 "Share dialog": users and message), which Share
 * Link opens for an analysis with a deep link to its result page. app/router.tsx passes it in, since
 * features do not import each other.
 */
export interface ShareDialogProps {
  uuid: string;
  modelName: string;
  type: 'display';
  instance: { id: string; name: string; sharedWith: ShareEntry[] };
  onHide: () => void;
  link: string;
  kind: 'analysis';
}
export type ShareDialogComponent = ComponentType<ShareDialogProps>;
