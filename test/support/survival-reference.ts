/**
 * The partitioned survival model of models/demo/partitioned-survival-python, computed again in
 * TypeScript: the independent reference the runner tests and the pipeline tests compare the Python
 * model's (and its display model's) numbers with.
 */
export interface SurvivalInputs {
  time_horizon_years: number;
  cycle_length_months: number;
  os_shape: number;
  os_scale_years: number;
  pfs_shape: number;
  pfs_scale_years: number;
  hr_os: number;
  hr_pfs: number;
  cost_progression_free_month: number;
  cost_progressed_month: number;
  drug_cost_comparator_month: number;
  drug_cost_intervention_month: number;
  utility_progression_free: number;
  utility_progressed: number;
  discount_rate: number;
}

/** Weibull S(t) = exp(-(t / scale) ^ shape), the intervention's curves S(t) ^ HR; trapezoid cycles. */
export function survivalArm(p: SurvivalInputs, intervention: boolean) {
  const hrOs = intervention ? p.hr_os : 1;
  const hrPfs = intervention ? p.hr_pfs : 1;
  const drug = intervention ? p.drug_cost_intervention_month : p.drug_cost_comparator_month;
  const step = p.cycle_length_months / 12;
  const n = Math.round(p.time_horizon_years / step);
  const at = (t: number) => {
    const os = Math.exp(-((t / p.os_scale_years) ** p.os_shape)) ** hrOs;
    const pfs = Math.exp(-((t / p.pfs_scale_years) ** p.pfs_shape)) ** hrPfs;
    const pf = Math.min(os, pfs);
    return { os, pf, pd: os - pf };
  };
  let qalys = 0;
  let cost = 0;
  let lifeYears = 0;
  for (let k = 0; k < n; k++) {
    const [a, b] = [at(k * step), at((k + 1) * step)];
    const discount = (1 + p.discount_rate) ** -((k + 0.5) * step);
    const pf = (a.pf + b.pf) / 2;
    const pd = (a.pd + b.pd) / 2;
    lifeYears += ((a.os + b.os) / 2) * step * discount;
    qalys += (pf * p.utility_progression_free + pd * p.utility_progressed) * step * discount;
    cost +=
      (pf * (p.cost_progression_free_month + drug) + pd * p.cost_progressed_month) *
      p.cycle_length_months *
      discount;
  }
  return { qalys, cost, lifeYears, overallSurvival: (t: number) => at(t).os };
}

/** Both arms and the increments of one scenario. */
export function survivalScenario(p: SurvivalInputs) {
  const comparator = survivalArm(p, false);
  const intervention = survivalArm(p, true);
  const incrementalCosts = intervention.cost - comparator.cost;
  const incrementalQalys = intervention.qalys - comparator.qalys;
  return {
    comparator,
    intervention,
    incrementalCosts,
    incrementalQalys,
    icer: incrementalCosts / incrementalQalys,
  };
}

/**
 * A Weibull fit to survival points the way a modeler would check it: least squares of
 * log(-log S) on log t (shape = slope, scale = exp(-intercept / slope)).
 */
export function weibullFit(points: readonly { t: number; s: number }[]): { shape: number; scale: number } {
  const xs = points.map((p) => Math.log(p.t));
  const ys = points.map((p) => Math.log(-Math.log(p.s)));
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const [mx, my] = [mean(xs), mean(ys)];
  let sxy = 0;
  let sxx = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * ((ys[i] as number) - my);
    sxx += (x - mx) ** 2;
  });
  const shape = sxy / sxx;
  return { shape, scale: Math.exp(-(my - shape * mx) / shape) };
}
