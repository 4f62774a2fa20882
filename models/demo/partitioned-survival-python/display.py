"""Display model of the partitioned survival model: compares the scenarios an analysis displays.

Model contract (docs/running-models.md, "Display runs"): the run of a display sub-model finds the
displayed scenarios in MR_PARAMETER_DIR/_scenarios/: index.json lists them (id, name, label, order,
directory) in their displayed order, and each directory holds that scenario's output files as its run
wrote them. From partitioned_survival.py's outputs it reads summary.json (costs, QALYs and life years
per arm at full precision) and state_occupancy.csv (the curves). The instance's values (MR_INPUT_FILE,
the display sub-model's JSON definition) may set `title` and `willingness_to_pay` (per QALY, for the
net monetary benefit). Writes result.json (tables and charts) and comparison.csv into MR_OUTPUT_DIR.

The health-economics figures are chart presets (docs/running-models.md "Chart presets"): a
cost-effectiveness plane, an acceptability curve, a tornado diagram (one-way sensitivity of the net
monetary benefit), survival curves with the observed Kaplan-Meier steps (data/km_comparator.csv, when
it is beside this script) and a Markov trace of the health states.
A displayed scenario without these files becomes an error element; the others are still compared.
"""

import json
import os
import sys

import numpy as np
import pandas as pd

DEFAULTS = {"title": "Scenario comparison", "willingness_to_pay": 100000}
ARMS = ("Comparator", "Intervention")
# The scenarios carry no probabilistic sensitivity analysis: the acceptability curve assumes this
# coefficient of variation on incremental costs and QALYs (normal, independent), and says so.
ASSUMED_CV = 0.2
DRAWS = 2000


def fail(message):
    sys.stderr.write(message + "\n")
    sys.exit(2)


def read_options():
    path = os.environ.get("MR_INPUT_FILE")
    values = {}
    if path:
        with open(path, encoding="utf-8") as f:
            values = json.load(f)
    if not isinstance(values, dict):
        fail("The display parameters must be a JSON object.")
    options = dict(DEFAULTS)
    if isinstance(values.get("title"), str) and values["title"].strip():
        options["title"] = values["title"].strip()
    wtp = values.get("willingness_to_pay", DEFAULTS["willingness_to_pay"])
    if isinstance(wtp, bool) or not isinstance(wtp, (int, float)) or wtp < 0:
        fail("willingness_to_pay must be a number of at least 0, got %s." % json.dumps(wtp))
    options["willingness_to_pay"] = float(wtp)
    return options


def read_index(scenarios_dir):
    path = os.path.join(scenarios_dir, "index.json")
    if not os.path.isfile(path):
        fail("No displayed scenarios: this model runs as a display sub-model of an analysis (%s is missing)." % path)
    with open(path, encoding="utf-8") as f:
        index = json.load(f)
    if not isinstance(index, list) or not index:
        fail("The analysis displays no scenarios.")
    return sorted(index, key=lambda s: s["order"])


def shown_names(index):
    """The scenario's label, else its name; a label two scenarios share gets its displayed order."""
    names = [s.get("label") or s["name"] for s in index]
    return [n if names.count(n) == 1 else "%s (%d)" % (n, s["order"]) for n, s in zip(names, index)]


def load_scenario(scenarios_dir, entry):
    """The scenario's summary and curves, or the reason it cannot be compared."""
    folder = os.path.join(scenarios_dir, entry["directory"])
    summary_path = os.path.join(folder, "summary.json")
    curves_path = os.path.join(folder, "state_occupancy.csv")
    missing = [os.path.basename(p) for p in (summary_path, curves_path) if not os.path.isfile(p)]
    if missing:
        return None, "Its run has no %s: it was not computed by partitioned_survival.py." % " and no ".join(missing)
    with open(summary_path, encoding="utf-8") as f:
        summary = json.load(f)
    curves = pd.read_csv(curves_path)
    needed = {"arm", "years", "overall_survival", "progression_free_survival"}
    if not needed <= set(curves.columns):
        return None, "Its state_occupancy.csv lacks the column(s) %s." % ", ".join(sorted(needed - set(curves.columns)))
    return {"summary": summary, "curves": curves}, None


def cell(row, column, value, **extra):
    c = {"row": row, "column": column, "value": value}
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        c["align"] = "right"
    c.update(extra)
    return c


def table(title, header, rows, caption=None):
    cells = [{"row": 0, "column": c, "value": h, "th": True} for c, h in enumerate(header)]
    for r, row in enumerate(rows, start=1):
        cells += [cell(r, c, v) for c, v in enumerate(row)]
    options = {"title": title, "tableHeadTillRow": 1}
    if caption:
        options["caption"] = caption
    return {"kind": "table", "cells": cells, "options": options}


def rounded(value, digits):
    return None if value is None else round(float(value), digits)


def main():
    options = read_options()
    scenarios_dir = os.path.join(os.environ.get("MR_PARAMETER_DIR", ""), "_scenarios")
    index = read_index(scenarios_dir)
    names = shown_names(index)
    wtp = options["willingness_to_pay"]

    elements = []
    compared = []
    for entry, name in zip(index, names):
        loaded, problem = load_scenario(scenarios_dir, entry)
        if problem:
            elements.append({"kind": "error", "title": name, "message": problem})
        else:
            compared.append((entry, name, loaded))
    if not compared:
        fail("None of the displayed scenarios has the outputs of partitioned_survival.py to compare.")

    rows = []
    for entry, name, loaded in compared:
        arms = loaded["summary"]["arms"]
        comp, intv = arms["Comparator"], arms["Intervention"]
        d_cost = intv["costs"] - comp["costs"]
        d_qalys = intv["qalys"] - comp["qalys"]
        rows.append(
            {
                "order": entry["order"],
                "scenario": name,
                "instance_id": entry["id"],
                "calibrated": bool(loaded["summary"].get("calibrated")),
                "costs_comparator": comp["costs"],
                "costs_intervention": intv["costs"],
                "incremental_costs": d_cost,
                "qalys_comparator": comp["qalys"],
                "qalys_intervention": intv["qalys"],
                "incremental_qalys": d_qalys,
                "icer": d_cost / d_qalys if d_qalys != 0 else None,
                "net_monetary_benefit": wtp * d_qalys - d_cost,
            }
        )
    frame = pd.DataFrame(rows)

    with_icer = frame.dropna(subset=["icer"])
    best = frame.loc[frame["net_monetary_benefit"].idxmax()]
    text = "%d scenarios compared at a willingness to pay of %s per QALY. Highest net monetary benefit: %s (%s)." % (
        len(frame),
        "{:,.0f}".format(wtp),
        best["scenario"],
        "{:,.2f}".format(best["net_monetary_benefit"]),
    )
    if not with_icer.empty:
        low = with_icer.loc[with_icer["icer"].idxmin()]
        text += " Lowest ICER: %s (%s per QALY gained)." % (low["scenario"], "{:,.2f}".format(low["icer"]))
    elements.insert(0, {"kind": "section", "title": "Comparison", "text": text, "level": 1})

    elements.append(
        table(
            "Cost-effectiveness by scenario",
            [
                "Scenario",
                "Costs, comparator",
                "Costs, intervention",
                "Incremental costs",
                "QALYs, comparator",
                "QALYs, intervention",
                "Incremental QALYs",
                "ICER (cost per QALY gained)",
                "Net monetary benefit",
            ],
            [
                [
                    r["scenario"],
                    rounded(r["costs_comparator"], 2),
                    rounded(r["costs_intervention"], 2),
                    rounded(r["incremental_costs"], 2),
                    rounded(r["qalys_comparator"], 4),
                    rounded(r["qalys_intervention"], 4),
                    rounded(r["incremental_qalys"], 4),
                    None if r["icer"] is None or np.isnan(r["icer"]) else rounded(r["icer"], 2),
                    rounded(r["net_monetary_benefit"], 2),
                ]
                for r in frame.to_dict("records")
            ],
            caption="Discounted. Net monetary benefit at %s per QALY." % "{:,.0f}".format(wtp),
        )
    )

    # Parameters that differ between the scenarios: what makes them differ.
    parameters = pd.DataFrame(
        [loaded["summary"].get("parameters", {}) for _, _, loaded in compared], index=[n for _, n, _ in compared]
    )
    differing = [c for c in parameters.columns if parameters[c].nunique(dropna=False) > 1]
    if differing:
        elements.append(
            table(
                "Parameters that differ",
                ["Parameter"] + [n for _, n, _ in compared],
                [[p] + [rounded(v, 6) for v in parameters[p].tolist()] for p in differing],
            )
        )

    # Overall survival per scenario and arm, every 3 months (the model's cycles may be monthly).
    curve_points = []
    for _, name, loaded in compared:
        curves = loaded["curves"]
        quarter = np.isclose(curves["years"] * 4, np.round(curves["years"] * 4))
        for arm in ARMS:
            shown = curves[(curves["arm"] == arm) & quarter]
            curve_points += [
                {"group": "%s: %s" % (name, arm), "x": round(float(t), 4), "y": round(float(s), 6)}
                for t, s in zip(shown["years"], shown["overall_survival"])
            ]
    observed_groups = []
    km_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "km_comparator.csv")
    if os.path.isfile(km_path):
        km = pd.read_csv(km_path)
        km = km[km["endpoint"] == "OS"].sort_values("time_years")
        if not km.empty:
            group = "Observed (Kaplan-Meier): Comparator"
            observed_groups.append(group)
            curve_points = [{"group": group, "x": 0.0, "y": 1.0}] + [
                {"group": group, "x": round(float(t), 4), "y": round(float(s), 6)}
                for t, s in zip(km["time_years"], km["survival"])
            ] + curve_points
    elements.append({"kind": "section", "title": "Survival", "level": 1})
    survival_chart = {
        "kind": "chart",
        "chartType": "survival",
        "data": curve_points,
        "options": {"title": "Overall survival by scenario", "xAxisLabel": "Years", "yAxisLabel": "Survival"},
    }
    if observed_groups:
        survival_chart["observedGroups"] = observed_groups
    elements.append(survival_chart)

    # Markov trace of the first compared scenario's intervention arm: the partitioned survival states.
    first_name, first_curves = compared[0][1], compared[0][2]["curves"]
    arm_curves = first_curves[first_curves["arm"] == "Intervention"]
    arm_curves = arm_curves[np.isclose(arm_curves["years"] * 4, np.round(arm_curves["years"] * 4))]
    trace = []
    for t, os_, pfs in zip(arm_curves["years"], arm_curves["overall_survival"], arm_curves["progression_free_survival"]):
        pfs = min(max(float(pfs), 0.0), 1.0)
        alive = min(max(float(os_), pfs), 1.0)
        for state, share in (("Progression-free", pfs), ("Progressed", alive - pfs), ("Dead", 1.0 - alive)):
            trace.append({"group": state, "x": round(float(t), 4), "y": round(min(max(share, 0.0), 1.0), 6)})
    elements.append(
        {
            "kind": "chart",
            "chartType": "markov-trace",
            "data": trace,
            "options": {"title": "Health states over time: %s, intervention" % first_name, "xAxisLabel": "Years"},
        }
    )

    elements.append({"kind": "section", "title": "Cost-effectiveness", "level": 1})
    elements.append(
        {
            "kind": "chart",
            "chartType": "ce-plane",
            "data": [
                {"group": r["scenario"], "x": round(float(r["incremental_qalys"]), 6), "y": round(float(r["incremental_costs"]), 2)}
                for r in rows
            ],
            "options": {
                "title": "Cost-effectiveness plane: intervention against comparator",
                "xAxisLabel": "Incremental QALYs",
                "yAxisLabel": "Incremental costs",
                "willingnessToPay": wtp,
            },
        }
    )

    rng = np.random.default_rng(20261128)
    grid = np.linspace(0, 3 * wtp if wtp > 0 else 300000, 41)
    ceac = []
    for r in rows:
        d_cost = rng.normal(r["incremental_costs"], abs(r["incremental_costs"]) * ASSUMED_CV, DRAWS)
        d_qalys = rng.normal(r["incremental_qalys"], abs(r["incremental_qalys"]) * ASSUMED_CV, DRAWS)
        for threshold in grid:
            share = float(np.mean(threshold * d_qalys - d_cost > 0))
            ceac.append({"group": r["scenario"], "x": round(float(threshold), 2), "y": round(share, 4)})
    elements.append(
        {
            "kind": "chart",
            "chartType": "acceptability-curve",
            "data": ceac,
            "options": {
                "title": "Acceptability of the intervention (assumed %d%% variation)" % round(ASSUMED_CV * 100),
                "xAxisLabel": "Willingness to pay per QALY",
                "willingnessToPay": wtp,
            },
        }
    )

    # One-way sensitivity of the first scenario's net monetary benefit: each input 20% down and up.
    first = rows[0]
    c_comp, c_intv = first["costs_comparator"], first["costs_intervention"]
    q_comp, q_intv = first["qalys_comparator"], first["qalys_intervention"]

    def nmb(w=wtp, cc=c_comp, ci=c_intv, qc=q_comp, qi=q_intv):
        return w * (qi - qc) - (ci - cc)

    swings = [
        ("Costs, intervention", lambda f: nmb(ci=c_intv * f)),
        ("Costs, comparator", lambda f: nmb(cc=c_comp * f)),
        ("QALYs, intervention", lambda f: nmb(qi=q_intv * f)),
        ("QALYs, comparator", lambda f: nmb(qc=q_comp * f)),
        ("Willingness to pay", lambda f: nmb(w=wtp * f)),
    ]
    elements.append(
        {
            "kind": "chart",
            "chartType": "tornado",
            "baseCase": round(float(nmb()), 2),
            "data": [
                {"parameter": name, "low": round(float(at(0.8)), 2), "high": round(float(at(1.2)), 2), "lowLabel": "-20%", "highLabel": "+20%"}
                for name, at in swings
            ],
            "options": {
                "title": "One-way sensitivity: %s" % first["scenario"],
                "xAxisLabel": "Net monetary benefit at %s per QALY" % "{:,.0f}".format(wtp),
            },
        }
    )

    elements.append({"kind": "section", "title": "Costs and QALYs", "level": 1})
    elements.append(
        {
            "kind": "chart",
            "chartType": "column",
            "data": [
                {"group": arm, "x": r["scenario"], "y": round(float(r["costs_%s" % arm.lower()]), 2)}
                for r in rows
                for arm in ARMS
            ],
            "options": {"title": "Discounted costs by scenario", "yAxisLabel": "Costs"},
        }
    )
    elements.append(
        {
            "kind": "chart",
            "chartType": "column",
            "data": [
                {"group": arm, "x": r["scenario"], "y": round(float(r["qalys_%s" % arm.lower()]), 4)}
                for r in rows
                for arm in ARMS
            ],
            "options": {"title": "QALYs by scenario", "yAxisLabel": "QALYs"},
        }
    )

    output_dir = os.environ.get("MR_OUTPUT_DIR", "output")
    os.makedirs(output_dir, exist_ok=True)
    result = {"options": {"title": options["title"]}, "elements": elements}
    with open(os.path.join(output_dir, "result.json"), "w", encoding="utf-8") as f:
        json.dump(result, f, allow_nan=False, indent=1)
    frame.to_csv(os.path.join(output_dir, "comparison.csv"), index=False)
    print("Compared %d scenarios" % len(frame))


if __name__ == "__main__":
    main()
