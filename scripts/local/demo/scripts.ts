/**
 * The model scripts every demo entry carries: a Markov cohort model in Python and a partitioned
 * survival model in R. Both run with the language's standard library only
 * (`python3 model/markov_cohort.py`, `Rscript model/partitioned_survival.R`) and read their inputs
 * from the entry's `inputs/` folder. `markovCohort` below is the Python model's arithmetic, so the
 * technical report can quote the results the script prints.
 */

export interface MarkovInputs {
  p_pf_to_progressed: number;
  hazard_ratio_new: number;
  p_pf_to_dead: number;
  p_progressed_to_dead: number;
  cost_pf: number;
  cost_progressed: number;
  drug_cost_new: number;
  drug_cost_comparator: number;
  utility_pf: number;
  utility_progressed: number;
  discount_rate_costs: number;
  discount_rate_outcomes: number;
  horizon_years: number;
  wtp_threshold: number;
}

export interface ArmResult {
  costs: number;
  qalys: number;
  lifeYears: number;
}

const probToRate = (p: number) => -Math.log(1 - p);
const rateToProb = (r: number) => 1 - Math.exp(-r);

function markovArm(p: MarkovInputs, hazardRatio: number, drugCost: number): ArmResult {
  const pProg = rateToProb(probToRate(p.p_pf_to_progressed) * hazardRatio);
  const m = [
    [1 - pProg - p.p_pf_to_dead, pProg, p.p_pf_to_dead],
    [0, 1 - p.p_progressed_to_dead, p.p_progressed_to_dead],
    [0, 0, 1],
  ];
  let previous = [1, 0, 0];
  const result: ArmResult = { costs: 0, qalys: 0, lifeYears: 0 };
  for (let cycle = 1; cycle <= p.horizon_years; cycle++) {
    const next = [0, 1, 2].map((j) =>
      [0, 1, 2].reduce((sum, i) => sum + (previous[i] ?? 0) * (m[i]?.[j] ?? 0), 0),
    );
    const pf = ((previous[0] ?? 0) + (next[0] ?? 0)) / 2;
    const pd = ((previous[1] ?? 0) + (next[1] ?? 0)) / 2;
    const dc = 1 / (1 + p.discount_rate_costs) ** (cycle - 0.5);
    const de = 1 / (1 + p.discount_rate_outcomes) ** (cycle - 0.5);
    result.costs += (pf * (p.cost_pf + drugCost) + pd * p.cost_progressed) * dc;
    result.qalys += (pf * p.utility_pf + pd * p.utility_progressed) * de;
    result.lifeYears += pf + pd;
    previous = next;
  }
  return result;
}

/** The Python script's results: both arms, the increments and the ICER. */
export function markovCohort(p: MarkovInputs): {
  comparator: ArmResult;
  intervention: ArmResult;
  icer: number;
  netMonetaryBenefit: number;
} {
  const comparator = markovArm(p, 1, p.drug_cost_comparator);
  const intervention = markovArm(p, p.hazard_ratio_new, p.drug_cost_new);
  const dCost = intervention.costs - comparator.costs;
  const dQaly = intervention.qalys - comparator.qalys;
  return {
    comparator,
    intervention,
    icer: dCost / dQaly,
    netMonetaryBenefit: dQaly * p.wtp_threshold - dCost,
  };
}

export function pythonMarkovScript(title: string, product: string): string {
  return `#!/usr/bin/env python3
"""Markov cohort model: ${title}

Three health states (progression-free, progressed, dead), annual cycles with half-cycle correction,
costs and QALYs discounted from the middle of each cycle. Compares ${product} with the standard of
care; ${product} lowers the rate of progression by a hazard ratio.

Inputs: inputs/markov_inputs.csv (columns parameter, value, description). Standard library only.

    python3 model/markov_cohort.py [--inputs PATH] [--horizon YEARS] [--json]
"""
import argparse
import csv
import json
import math
from pathlib import Path

DEFAULT_INPUTS = Path(__file__).resolve().parent.parent / "inputs" / "markov_inputs.csv"


def read_inputs(path):
    with open(path, newline="", encoding="utf-8") as handle:
        return {row["parameter"]: float(row["value"]) for row in csv.DictReader(handle)}


def prob_to_rate(p):
    return -math.log(1.0 - p)


def rate_to_prob(rate):
    return 1.0 - math.exp(-rate)


def transition_matrix(p, hazard_ratio):
    p_prog = rate_to_prob(prob_to_rate(p["p_pf_to_progressed"]) * hazard_ratio)
    return [
        [1.0 - p_prog - p["p_pf_to_dead"], p_prog, p["p_pf_to_dead"]],
        [0.0, 1.0 - p["p_progressed_to_dead"], p["p_progressed_to_dead"]],
        [0.0, 0.0, 1.0],
    ]


def run_arm(p, hazard_ratio, drug_cost, horizon):
    matrix = transition_matrix(p, hazard_ratio)
    previous = [1.0, 0.0, 0.0]
    costs = qalys = life_years = 0.0
    for cycle in range(1, horizon + 1):
        current = [sum(previous[i] * matrix[i][j] for i in range(3)) for j in range(3)]
        pf = (previous[0] + current[0]) / 2.0
        pd = (previous[1] + current[1]) / 2.0
        dc = 1.0 / (1.0 + p["discount_rate_costs"]) ** (cycle - 0.5)
        de = 1.0 / (1.0 + p["discount_rate_outcomes"]) ** (cycle - 0.5)
        costs += (pf * (p["cost_pf"] + drug_cost) + pd * p["cost_progressed"]) * dc
        qalys += (pf * p["utility_pf"] + pd * p["utility_progressed"]) * de
        life_years += pf + pd
        previous = current
    return {"costs": costs, "qalys": qalys, "life_years": life_years}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=Path, default=DEFAULT_INPUTS)
    parser.add_argument("--horizon", type=int, help="years (default: horizon_years of the inputs)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()

    p = read_inputs(args.inputs)
    horizon = args.horizon or int(p["horizon_years"])
    comparator = run_arm(p, 1.0, p["drug_cost_comparator"], horizon)
    intervention = run_arm(p, p["hazard_ratio_new"], p["drug_cost_new"], horizon)
    d_cost = intervention["costs"] - comparator["costs"]
    d_qaly = intervention["qalys"] - comparator["qalys"]
    icer = d_cost / d_qaly
    nmb = d_qaly * p["wtp_threshold"] - d_cost

    if args.json:
        print(json.dumps({"comparator": comparator, "intervention": intervention, "icer": icer, "nmb": nmb}))
        return
    print(f"{'arm':<16}{'costs':>16}{'QALYs':>10}{'life years':>12}")
    for name, arm in (("standard of care", comparator), ("${product}", intervention)):
        print(f"{name:<16}{arm['costs']:>16,.0f}{arm['qalys']:>10.3f}{arm['life_years']:>12.3f}")
    print(f"incremental cost {d_cost:,.0f}, incremental QALYs {d_qaly:.3f}")
    print(f"ICER {icer:,.0f} per QALY gained; net monetary benefit {nmb:,.0f} at {p['wtp_threshold']:,.0f}")


if __name__ == "__main__":
    main()
`;
}

export interface SurvivalInputs {
  pfs_shape: number;
  pfs_scale_months: number;
  os_shape: number;
  os_scale_months: number;
  hr_pfs: number;
  hr_os: number;
  drug_cost_new_month: number;
  drug_cost_comparator_month: number;
  cost_pf_month: number;
  cost_pd_month: number;
  utility_pf: number;
  utility_pd: number;
  horizon_years: number;
  discount_rate_costs: number;
  discount_rate_outcomes: number;
}

/** Weibull survival at `months` under proportional hazards (S(t)^HR), as the R script computes it. */
export function weibullSurvival(months: number, shape: number, scale: number, hazardRatio = 1): number {
  return Math.exp(-((months / scale) ** shape)) ** hazardRatio;
}

export function rPartitionedSurvivalScript(title: string, product: string): string {
  return `#!/usr/bin/env Rscript
# Partitioned survival model: ${title}
#
# Progression-free survival (PFS) and overall survival (OS) follow Weibull curves fitted to the
# standard of care; ${product} acts through hazard ratios (proportional hazards: S_new = S^HR).
# State membership: progression-free = PFS, progressed = OS - PFS, dead = 1 - OS. Monthly cycles,
# trapezoidal state occupancy, costs and QALYs discounted annually. Base R only.
#
#   Rscript model/partitioned_survival.R [path/to/survival_inputs.csv]

script_dir <- local({
  file_arg <- grep("^--file=", commandArgs(trailingOnly = FALSE), value = TRUE)
  if (length(file_arg) > 0) dirname(normalizePath(sub("^--file=", "", file_arg[1]))) else getwd()
})
args <- commandArgs(trailingOnly = TRUE)
inputs_path <- if (length(args) > 0) args[1] else file.path(script_dir, "..", "inputs", "survival_inputs.csv")

inputs <- read.csv(inputs_path, stringsAsFactors = FALSE)
p <- setNames(as.numeric(inputs$value), inputs$parameter)

months <- seq(0, p[["horizon_years"]] * 12)
weibull_survival <- function(t, shape, scale) exp(-(t / scale)^shape)

run_arm <- function(hr_pfs, hr_os, drug_cost_month) {
  os <- weibull_survival(months, p[["os_shape"]], p[["os_scale_months"]])^hr_os
  pfs <- pmin(weibull_survival(months, p[["pfs_shape"]], p[["pfs_scale_months"]])^hr_pfs, os)
  progressed <- os - pfs
  n <- length(months)
  pf_cycle <- (pfs[-1] + pfs[-n]) / 2
  pd_cycle <- (progressed[-1] + progressed[-n]) / 2
  years <- (months[-1] - 0.5) / 12
  dc <- 1 / (1 + p[["discount_rate_costs"]])^years
  de <- 1 / (1 + p[["discount_rate_outcomes"]])^years
  c(
    costs = sum((pf_cycle * (drug_cost_month + p[["cost_pf_month"]]) + pd_cycle * p[["cost_pd_month"]]) * dc),
    qalys = sum((pf_cycle * p[["utility_pf"]] + pd_cycle * p[["utility_pd"]]) / 12 * de),
    life_years = sum(pf_cycle + pd_cycle) / 12,
    median_pfs_months = months[which(pfs <= 0.5)[1]],
    median_os_months = months[which(os <= 0.5)[1]]
  )
}

results <- rbind(
  standard_of_care = run_arm(1, 1, p[["drug_cost_comparator_month"]]),
  intervention = run_arm(p[["hr_pfs"]], p[["hr_os"]], p[["drug_cost_new_month"]])
)
print(round(results, 3))

d_cost <- results["intervention", "costs"] - results["standard_of_care", "costs"]
d_qaly <- results["intervention", "qalys"] - results["standard_of_care", "qalys"]
cat(sprintf("Incremental cost %s, incremental QALYs %.3f\\n", format(round(d_cost), big.mark = ","), d_qaly))
cat(sprintf("ICER %s per QALY gained\\n", format(round(d_cost / d_qaly), big.mark = ",")))
`;
}
