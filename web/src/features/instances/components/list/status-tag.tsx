import {
  INSTANCE_STATUS_COLORS,
  INSTANCE_STATUS_LABELS,
  type InstanceStatus,
  type StatusColor,
} from '@shared/sub-models/instances';
import { Tag } from 'primereact/tag';

/** §3 status colours on the theme's AA-contrast tags: red, grey, blue and green. */
const SEVERITY: Record<StatusColor, 'danger' | 'secondary' | 'success' | undefined> = {
  red: 'danger',
  grey: 'secondary',
  // The theme's primary tag is the blue of the AA palette (styles.css).
  blue: undefined,
  green: 'success',
};

export function InstanceStatusTag({ status }: { status: InstanceStatus }) {
  const color = INSTANCE_STATUS_COLORS[status];
  return (
    <Tag
      value={INSTANCE_STATUS_LABELS[status]}
      severity={SEVERITY[color]}
      className={`mr-status-tag mr-status-tag--${color}`}
    />
  );
}
