import type { RunParameters } from '@shared/schemas/run';
import * as z from 'zod';

/**
 * A small, real demonstration model: a deterministic three-state Markov cohort model
 * (Healthy → Sick → Dead, with recovery), the classic health-economics teaching model. It stands in
 * for the customers' R/Python/Excel models until the per-language runner images exist.
 */
const probability = z.number().min(0).max(1);
export const CohortModelParametersSchema = z
  .object({
    cycles: z.number().int().min(1).max(1000).default(20),
    pHealthyToSick: probability.default(0.1),
    pHealthyToDead: probability.default(0.01),
    pSickToHealthy: probability.default(0.05),
    pSickToDead: probability.default(0.1),
    costHealthy: z.number().min(0).default(100),
    costSick: z.number().min(0).default(1000),
    utilityHealthy: z.number().min(-1).max(1).default(0.95),
    utilitySick: z.number().min(-1).max(1).default(0.6),
    /** Annual discount rate applied to costs and QALYs of each cycle. */
    discountRate: z.number().min(0).max(1).default(0.035),
  })
  .refine((p) => p.pHealthyToSick + p.pHealthyToDead <= 1, { message: 'Transitions out of Healthy exceed 1' })
  .refine((p) => p.pSickToHealthy + p.pSickToDead <= 1, { message: 'Transitions out of Sick exceed 1' });
export type CohortModelParameters = z.infer<typeof CohortModelParametersSchema>;

export interface CohortTraceRow {
  cycle: number;
  healthy: number;
  sick: number;
  dead: number;
  cost: number;
  qalys: number;
}

export interface CohortModelResult {
  totalCost: number;
  totalQalys: number;
  cycles: number;
  trace: CohortTraceRow[];
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * Runs the cohort (proportions summing to 1, all start Healthy). Cycle t accrues the costs and
 * utilities of the cohort at its start, discounted by (1 + r)^t, and then applies the transitions.
 * Unknown parameters are ignored; known ones must be numbers in range (throws otherwise).
 */
export function runCohortModel(parameters: RunParameters): CohortModelResult {
  const parsed = CohortModelParametersSchema.safeParse(parameters);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `Invalid model parameters: ${issue ? `${issue.path.join('.') || 'parameters'}: ${issue.message}` : 'unknown'}`,
    );
  }
  const p = parsed.data;
  let healthy = 1;
  let sick = 0;
  let dead = 0;
  let totalCost = 0;
  let totalQalys = 0;
  const trace: CohortTraceRow[] = [];
  for (let cycle = 0; cycle < p.cycles; cycle++) {
    const discount = 1 / (1 + p.discountRate) ** cycle;
    const cost = (healthy * p.costHealthy + sick * p.costSick) * discount;
    const qalys = (healthy * p.utilityHealthy + sick * p.utilitySick) * discount;
    totalCost += cost;
    totalQalys += qalys;
    trace.push({
      cycle,
      healthy: round(healthy),
      sick: round(sick),
      dead: round(dead),
      cost: round(cost),
      qalys: round(qalys),
    });
    const nextHealthy = healthy * (1 - p.pHealthyToSick - p.pHealthyToDead) + sick * p.pSickToHealthy;
    const nextSick = healthy * p.pHealthyToSick + sick * (1 - p.pSickToHealthy - p.pSickToDead);
    const nextDead = dead + healthy * p.pHealthyToDead + sick * p.pSickToDead;
    healthy = nextHealthy;
    sick = nextSick;
    dead = nextDead;
  }
  return { totalCost: round(totalCost), totalQalys: round(totalQalys), cycles: p.cycles, trace };
}
