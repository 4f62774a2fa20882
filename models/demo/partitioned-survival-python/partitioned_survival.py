"""Partitioned survival model (progression-free, progressed, dead): an intervention versus a comparator.

Model contract (docs/running-models.md): reads the instance's values from the JSON file named by
MR_INPUT_FILE (a missing value takes its default below) and writes result.json (tables and charts),
summary.json (the results at full precision, read by display.py), state_occupancy.csv and results.xlsx
into the directory named by MR_OUTPUT_DIR. A scenario that runs with an accepted calibration finds
calibrate.py's output in MR_PARAMETER_DIR/_calibration/: its fitted Weibull parameters
(calibrated_parameters.json) replace the instance's os_shape, os_scale_years, pfs_shape and
pfs_scale_years. By hand, `python3 partitioned_survival.py` uses the defaults and writes into ./output.

Method: the comparator's overall survival (OS) and progression-free survival (PFS) are Weibull curves,
S(t) = exp(-(t / scale) ^ shape) with t in years; the intervention's are S(t) ^ HR (proportional
hazards). At each time t_k = k * cycle length: progression-free = min(PFS, OS), progressed = OS minus
that, dead = 1 - OS. Each cycle [t_k, t_k+1] counts the mean of its two ends (trapezoid rule) and is
discounted at its midpoint by (1 + r) ^ -t. Drug costs are paid while progression-free.
"""

import json
import os
import sys

import numpy as np
import pandas as pd

DEFAULTS = {
    "time_horizon_years": 20,
    "cycle_length_months": 1,
    "os_shape": 1.2,
    "os_scale_years": 6.0,
    "pfs_shape": 1.1,
    "pfs_scale_years": 2.5,
    "hr_os": 0.70,
    "hr_pfs": 0.60,
    "cost_progression_free_month": 1500,
    "cost_progressed_month": 3000,
    "drug_cost_comparator_month": 1000,
    "drug_cost_intervention_month": 2500,
    "utility_progression_free": 0.78,
    "utility_progressed": 0.55,
    "discount_rate": 0.035,
}


def fail(message):
    sys.stderr.write(message + "\n")
    sys.exit(2)


def read_inputs():
    path = os.environ.get("MR_INPUT_FILE")
    values = {}
    if path:
        with open(path, encoding="utf-8") as f:
            values = json.load(f)
    if not isinstance(values, dict):
        fail("The input values must be a JSON object of parameter names and values.")
    unknown = sorted(set(values) - set(DEFAULTS))
    if unknown:
        print("Ignoring unknown parameters: " + ", ".join(unknown), file=sys.stderr)
    p = dict(DEFAULTS)
    for name in DEFAULTS:
        if name in values:
            v = values[name]
            # A select parameter's value is its option key, which the definition editor keeps as text.
            if name == "cycle_length_months" and isinstance(v, str) and v.strip().isdigit():
                v = int(v)
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                fail("Parameter %s must be a number, got %s." % (name, json.dumps(v)))
            p[name] = float(v)
    for name in ("os_shape", "os_scale_years", "pfs_shape", "pfs_scale_years", "hr_os", "hr_pfs"):
        if p[name] <= 0:
            fail("Parameter %s must be greater than 0." % name)
    for name in ("utility_progression_free", "utility_progressed"):
        if not -1 <= p[name] <= 1:
            fail("Parameter %s must be between -1 and 1." % name)
    if not 0 <= p["discount_rate"] <= 1:
        fail("Parameter discount_rate must be between 0 and 1.")
    if not 1 <= p["time_horizon_years"] <= 100:
        fail("Parameter time_horizon_years must be from 1 to 100.")
    if p["cycle_length_months"] not in (1, 3, 6, 12):
        fail("Parameter cycle_length_months must be 1, 3, 6 or 12.")
    return p


CALIBRATED = ("os_shape", "os_scale_years", "pfs_shape", "pfs_scale_years")


def apply_calibration(p):
    """The accepted calibration's Weibull parameters over the instance's; None without a calibration."""
    parameter_dir = os.environ.get("MR_PARAMETER_DIR", "")
    path = os.path.join(parameter_dir, "_calibration", "calibrated_parameters.json") if parameter_dir else ""
    if not path or not os.path.isfile(path):
        return None
    with open(path, encoding="utf-8") as f:
        calibrated = json.load(f)
    if not isinstance(calibrated, dict):
        fail("The calibration's calibrated_parameters.json must be a JSON object.")
    used = {}
    for name in CALIBRATED:
        v = calibrated.get(name)
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not v > 0:
            fail("The calibration's calibrated_parameters.json needs %s greater than 0, got %s." % (name, json.dumps(v)))
        used[name] = {"instance": p[name], "calibrated": float(v)}
        p[name] = float(v)
    return used


def weibull(t, shape, scale):
    return np.exp(-((t / scale) ** shape))


def run_arm(p, times, hr_os, hr_pfs, drug_cost):
    os_curve = weibull(times, p["os_shape"], p["os_scale_years"]) ** hr_os
    pfs_curve = weibull(times, p["pfs_shape"], p["pfs_scale_years"]) ** hr_pfs
    pf = np.minimum(pfs_curve, os_curve)
    pd_ = os_curve - pf
    dt = times[1] - times[0]
    mid = (times[:-1] + times[1:]) / 2
    discount = (1 + p["discount_rate"]) ** -mid
    mean = lambda x: (x[:-1] + x[1:]) / 2  # noqa: E731
    months = p["cycle_length_months"]
    cost_pf = mean(pf) * (p["cost_progression_free_month"]) * months
    cost_drug = mean(pf) * drug_cost * months
    cost_pd = mean(pd_) * p["cost_progressed_month"] * months
    qalys = (mean(pf) * p["utility_progression_free"] + mean(pd_) * p["utility_progressed"]) * dt
    return {
        "os": os_curve,
        "pfs": pfs_curve,
        "pf": pf,
        "pd": pd_,
        "life_years": float(np.sum(mean(os_curve) * dt * discount)),
        "life_years_undiscounted": float(np.sum(mean(os_curve) * dt)),
        "qalys": float(np.sum(qalys * discount)),
        "cost_progression_free": float(np.sum(cost_pf * discount)),
        "cost_drug": float(np.sum(cost_drug * discount)),
        "cost_progressed": float(np.sum(cost_pd * discount)),
    }


def table(title, header, rows):
    cells = [{"row": 0, "column": c, "value": h, "th": True} for c, h in enumerate(header)]
    for r, row in enumerate(rows, start=1):
        for c, value in enumerate(row):
            cell = {"row": r, "column": c, "value": value}
            if isinstance(value, (int, float)):
                cell["align"] = "right"
            cells.append(cell)
    return {"kind": "table", "cells": cells, "options": {"title": title, "tableHeadTillRow": 1}}


def main():
    p = read_inputs()
    calibration = apply_calibration(p)
    output_dir = os.environ.get("MR_OUTPUT_DIR", "output")
    step = p["cycle_length_months"] / 12
    cycles = int(round(p["time_horizon_years"] / step))
    times = np.arange(cycles + 1) * step

    arms = {
        "Comparator": run_arm(p, times, 1.0, 1.0, p["drug_cost_comparator_month"]),
        "Intervention": run_arm(p, times, p["hr_os"], p["hr_pfs"], p["drug_cost_intervention_month"]),
    }
    for arm in arms.values():
        arm["cost"] = arm["cost_progression_free"] + arm["cost_drug"] + arm["cost_progressed"]
    comp, intv = arms["Comparator"], arms["Intervention"]
    d_cost = intv["cost"] - comp["cost"]
    d_qalys = intv["qalys"] - comp["qalys"]
    d_ly = intv["life_years"] - comp["life_years"]
    icer_qaly = d_cost / d_qalys if d_qalys != 0 else None
    icer_ly = d_cost / d_ly if d_ly != 0 else None

    # Curves for the charts: every 3 months is smooth enough and keeps result.json small.
    every = max(1, int(round(0.25 / step)))
    shown = range(0, cycles + 1, every)
    curve_points = []
    for name, arm in arms.items():
        for key, label in (("os", "OS"), ("pfs", "PFS")):
            curve_points += [
                {"group": "%s %s" % (name, label), "x": round(float(times[i]), 4), "y": round(float(arm[key][i]), 6)}
                for i in shown
            ]
    occupancy_points = []
    for key, label in (("pf", "Progression-free"), ("pd", "Progressed")):
        occupancy_points += [
            {"group": label, "x": round(float(times[i]), 4), "y": round(float(intv[key][i]), 6)} for i in shown
        ]
    occupancy_points += [
        {"group": "Dead", "x": round(float(times[i]), 4), "y": round(float(1 - intv["os"][i]), 6)} for i in shown
    ]
    cost_points = [
        {"group": name, "x": label, "y": round(arm[key], 2)}
        for name, arm in arms.items()
        for key, label in (("cost_drug", "Drug"), ("cost_progression_free", "Progression-free care"), ("cost_progressed", "Progressed care"))
    ]

    rows = [
        [name, round(a["life_years_undiscounted"], 4), round(a["life_years"], 4), round(a["qalys"], 4), round(a["cost"], 2)]
        for name, a in arms.items()
    ]
    result = {
        "options": {"title": "Partitioned survival analysis"},
        "elements": [
            {
                "kind": "section",
                "title": "Summary",
                "text": "Over %g years the intervention gains %.3f QALYs at an incremental cost of %.2f."
                % (p["time_horizon_years"], d_qalys, d_cost),
            },
            *(
                [
                    {
                        "kind": "section",
                        "title": "Calibrated survival",
                        "text": "The Weibull curves come from the accepted calibration, not from the instance's values.",
                    },
                    table(
                        "Calibrated parameters",
                        ["Parameter", "Instance value", "Calibrated value"],
                        [[name, v["instance"], v["calibrated"]] for name, v in calibration.items()],
                    ),
                ]
                if calibration
                else []
            ),
            table("Results per arm", ["Arm", "Life years (undiscounted)", "Life years", "QALYs", "Costs"], rows),
            table(
                "Incremental analysis",
                ["Measure", "Value"],
                [
                    ["Incremental costs", round(d_cost, 2)],
                    ["Incremental life years", round(d_ly, 4)],
                    ["Incremental QALYs", round(d_qalys, 4)],
                    ["ICER (cost per QALY gained)", None if icer_qaly is None else round(icer_qaly, 2)],
                    ["ICER (cost per life year gained)", None if icer_ly is None else round(icer_ly, 2)],
                ],
            ),
            {
                "kind": "chart",
                "chartType": "line",
                "data": curve_points,
                "options": {"title": "Survival curves", "xAxisLabel": "Years", "yAxisLabel": "Survival"},
            },
            {
                "kind": "chart",
                "chartType": "area",
                "data": occupancy_points,
                "options": {
                    "title": "State occupancy, intervention",
                    "xAxisLabel": "Years",
                    "yAxisLabel": "Proportion",
                    "stacked": True,
                },
            },
            {
                "kind": "chart",
                "chartType": "bar",
                "data": cost_points,
                "options": {"title": "Discounted costs by category", "yAxisLabel": "Costs"},
            },
            table("Parameters used", ["Parameter", "Value"], [[k, v] for k, v in p.items()]),
        ],
    }

    os.makedirs(output_dir, exist_ok=True)
    with open(os.path.join(output_dir, "result.json"), "w", encoding="utf-8") as f:
        json.dump(result, f, allow_nan=False, indent=1)
    summary = {
        "arms": {
            name: {
                "costs": a["cost"],
                "qalys": a["qalys"],
                "life_years": a["life_years"],
                "life_years_undiscounted": a["life_years_undiscounted"],
            }
            for name, a in arms.items()
        },
        "incremental": {
            "costs": d_cost,
            "qalys": d_qalys,
            "life_years": d_ly,
            "icer_qaly": icer_qaly,
            "icer_life_year": icer_ly,
        },
        "parameters": p,
        "calibrated": calibration is not None,
    }
    with open(os.path.join(output_dir, "summary.json"), "w", encoding="utf-8") as f:
        json.dump(summary, f, allow_nan=False, indent=1)
    occupancy = pd.concat(
        pd.DataFrame(
            {
                "arm": name,
                "years": times,
                "overall_survival": arm["os"],
                "progression_free_survival": arm["pfs"],
                "progression_free": arm["pf"],
                "progressed": arm["pd"],
                "dead": 1 - arm["os"],
            }
        )
        for name, arm in arms.items()
    )
    occupancy.to_csv(os.path.join(output_dir, "state_occupancy.csv"), index=False)
    with pd.ExcelWriter(os.path.join(output_dir, "results.xlsx"), engine="openpyxl") as xlsx:
        pd.DataFrame(rows, columns=["arm", "life_years_undiscounted", "life_years", "qalys", "costs"]).to_excel(
            xlsx, sheet_name="Results", index=False
        )
        occupancy.to_excel(xlsx, sheet_name="State occupancy", index=False)
    print("ICER %s per QALY gained" % ("n/a" if icer_qaly is None else "%.2f" % icer_qaly))


if __name__ == "__main__":
    main()
