import {
  INSTANCE_STATUS_COLORS,
  INSTANCE_STATUS_LABELS,
  type InstanceStatus,
  type StatusColor,
} from '@shared/sub-models/instances';
import { Steps } from 'primereact/steps';
import { Tag } from 'primereact/tag';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../../config/paths';
import { FLOW_TEXTS } from './flow-state';
import './visualization.css';

/** 0 Model Detail (a link back), 1 selection, 2 settings, 3 the result. */
export type FlowStep = 1 | 2 | 3;

/**
 * The frame of every step (spec 001 §2 "A stepper shows Model Detail, Scenario selection, Setting
 * Display Parameters, Dynamic data visualization"): the stepper, the page's content and, on step 3,
 * its action sidebar. The stepper is read-only except Model Detail, which leads back to the entry:
 * the steps themselves follow from the flow's buttons (Save & Proceed, Create Data Visualization).
 */
export function FlowLayout({
  uuid,
  step,
  children,
  sidebar,
}: {
  uuid: string;
  step: FlowStep;
  children: ReactNode;
  sidebar?: ReactNode;
}) {
  const navigate = useNavigate();
  const model = FLOW_TEXTS.steps.map((label, i) => ({
    label,
    ...(i === 0 ? { command: () => navigate(paths.modelDetail.getHref(uuid)) } : {}),
  }));
  return (
    <div className={`mr-viz${sidebar ? ' mr-viz--with-sidebar' : ''}`}>
      <nav aria-label="Visualization steps" className="mr-viz__steps">
        <Steps model={model} activeIndex={step} readOnly={false} />
      </nav>
      <div className="mr-viz__body">
        <main className="mr-viz__main">{children}</main>
        {sidebar}
      </div>
    </div>
  );
}

const SEVERITY: Record<StatusColor, 'danger' | 'secondary' | 'success' | undefined> = {
  red: 'danger',
  grey: 'secondary',
  blue: undefined,
  green: 'success',
};

/** §3 status colours (as the instance list shows them). */
export function StatusTag({ status }: { status: InstanceStatus }) {
  const color = INSTANCE_STATUS_COLORS[status];
  return (
    <Tag
      value={INSTANCE_STATUS_LABELS[status]}
      severity={SEVERITY[color]}
      className={`mr-status-tag mr-status-tag--${color}`}
    />
  );
}
