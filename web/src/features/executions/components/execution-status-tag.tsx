import {
  INSTANCE_STATUS_COLORS,
  INSTANCE_STATUS_LABELS,
  type InstanceStatus,
  isRunning,
  type StatusColor,
} from '@shared/sub-models/instances';
import { Tag } from 'primereact/tag';

/** 001 §4: "Execution status animation lasts 1300 ms" (one pulse of a running status). */
export const EXECUTION_STATUS_ANIMATION_MS = 1300;

/** §3 status colours on the theme's AA-contrast tags (the same mapping as the instance lists). */
const SEVERITY: Record<StatusColor, 'danger' | 'secondary' | 'success' | undefined> = {
  red: 'danger',
  grey: 'secondary',
  blue: undefined,
  green: 'success',
};

/** Post processing still runs on the server: it pulses like in queue and in process. */
const animated = (status: InstanceStatus) => isRunning(status) || status === 'POSTPROCESSING';

export function ExecutionStatusTag({ status }: { status: InstanceStatus }) {
  const color = INSTANCE_STATUS_COLORS[status];
  const running = animated(status);
  return (
    <Tag
      value={INSTANCE_STATUS_LABELS[status]}
      severity={SEVERITY[color]}
      className={`mr-execution-status mr-execution-status--${color}${running ? ' mr-execution-status--running' : ''}`}
      style={running ? { animationDuration: `${EXECUTION_STATUS_ANIMATION_MS}ms` } : undefined}
      data-status={status}
    />
  );
}
