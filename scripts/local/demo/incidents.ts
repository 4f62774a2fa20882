import type { Incident } from '@shared/schemas/incident';
import { updateIncident } from '../../../functions/core/incidents/update-incident';
import { createIncident, getIncident } from '../../../functions/data/incidents';
import type { DemoContext, DemoStep } from './seed-demo';

/**
 * Demo incidents for /admin/incident-management (issue 20 §4, §10): two open, one closed through the
 * product's own Edit Status use case (so its worklog reads 'Status changes from Open to Closed'), and
 * one with a browser stack, which the detail resolves when the deployed build's source maps are there.
 * Fixed ids make the step idempotent: an incident that exists is left as administrators changed it.
 */
const DEMO_INCIDENTS: (Omit<Incident, 'status' | 'createdOn' | 'incidentTime'> & { close?: string })[] = [
  {
    incidentId: '01JD0000000000000000000001',
    createdBy: 'viewer',
    issueSummary: 'The catalogue list stayed empty after signing in',
    description: 'After signing in the model list showed no entries until I reloaded the page.',
    userNotes: 'Happened twice this morning, Chrome 131.',
    close: 'The list now waits for the session before its first query (release 1.4).',
  },
  {
    incidentId: '01JD0000000000000000000002',
    createdBy: 'modeler',
    issueSummary: 'Execution of the calibration instance never finishes',
    description: 'The calibration run of the Melanoma model stays in RUNNING for hours.',
  },
  {
    incidentId: '01JD0000000000000000000003',
    createdBy: 'owner',
    issueSummary: 'Application error when opening the Version Control tab',
    description: 'The page showed "Something went wrong" when I opened Version Control.',
    browserStackTrace: [
      "TypeError: Cannot read properties of undefined (reading 'versions')",
      '    at Vc (http://localhost:5173/assets/index-demo.js:1:2345)',
    ].join('\n'),
  },
];

async function seedIncidents(ctx: DemoContext): Promise<number> {
  const admin = ctx.users.get('admin');
  if (!admin) throw new Error('The admin persona is missing');
  let added = 0;
  for (const [i, { close, ...incident }] of DEMO_INCIDENTS.entries()) {
    if (await getIncident(incident.incidentId)) continue;
    const at = new Date(Date.UTC(2026, 0, 10 + i, 9)).toISOString();
    await createIncident({ ...incident, status: 'OPEN', createdOn: at, incidentTime: at });
    if (close) await updateIncident(admin, incident.incidentId, { status: 'CLOSED', comments: close });
    added++;
  }
  if (added > 0) ctx.log(`demo: ${added} incidents (one closed with its worklog)`);
  return added;
}

export const INCIDENTS_STEP: DemoStep = { name: 'incidents', run: seedIncidents };
