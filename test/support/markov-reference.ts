/**
 * The 3-state Markov cohort model of models/demo/markov-cohort-r, computed again in TypeScript: the
 * independent reference the runner tests and the pipeline tests compare the R model's numbers with.
 */
export interface MarkovInputs {
  cycles: number;
  p_healthy_sick: number;
  p_healthy_dead: number;
  p_sick_healthy: number;
  p_sick_dead: number;
  relative_risk: number;
  cost_healthy: number;
  cost_sick: number;
  cost_treatment: number;
  utility_healthy: number;
  utility_sick: number;
  discount_rate_costs: number;
  discount_rate_qalys: number;
}

export function markovStrategy(p: MarkovInputs, treated: boolean) {
  const pHS = treated ? p.p_healthy_sick * p.relative_risk : p.p_healthy_sick;
  let [healthy, sick, dead] = [1, 0, 0];
  let cost = 0;
  let qalys = 0;
  for (let t = 0; t < p.cycles; t++) {
    const extra = treated ? p.cost_treatment : 0;
    cost +=
      (healthy * (p.cost_healthy + extra) + sick * (p.cost_sick + extra)) / (1 + p.discount_rate_costs) ** t;
    qalys += (healthy * p.utility_healthy + sick * p.utility_sick) / (1 + p.discount_rate_qalys) ** t;
    [healthy, sick, dead] = [
      healthy * (1 - pHS - p.p_healthy_dead) + sick * p.p_sick_healthy,
      healthy * pHS + sick * (1 - p.p_sick_healthy - p.p_sick_dead),
      dead + healthy * p.p_healthy_dead + sick * p.p_sick_dead,
    ];
  }
  return { cost, qalys };
}
