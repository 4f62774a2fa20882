"""Calibration of the partitioned survival model: Weibull curves fitted to survival data.

Model contract (docs/running-models.md): the survival data is the parameter file of the FILE parameter
`survival_data` (MR_PARAMETER_DIR/survival_data/<file>.csv, columns endpoint, time_years, survival,
endpoints OS and PFS); without one, data/km_comparator.csv beside this script. Writes result.json (the
fitted parameters, observed against fitted curves) and calibrated_parameters.json (os_shape,
os_scale_years, pfs_shape, pfs_scale_years: the values the scenario model takes) into MR_OUTPUT_DIR.

Method: a Weibull curve S(t) = exp(-(t / scale) ^ shape) is a straight line in
log(-log S) = shape * log t - shape * log scale, fitted by least squares (numpy.polyfit).
"""

import glob
import json
import os
import sys

import numpy as np
import pandas as pd


def fail(message):
    sys.stderr.write(message + "\n")
    sys.exit(2)


def data_file():
    parameter_dir = os.environ.get("MR_PARAMETER_DIR", "")
    uploaded = sorted(glob.glob(os.path.join(parameter_dir, "survival_data", "*"))) if parameter_dir else []
    if uploaded:
        return uploaded[0]
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "km_comparator.csv")


def fit(times, survival):
    keep = (survival > 0) & (survival < 1) & (times > 0)
    if keep.sum() < 3:
        return None
    x = np.log(times[keep])
    y = np.log(-np.log(survival[keep]))
    slope, intercept = np.polyfit(x, y, 1)
    predicted = slope * x + intercept
    r2 = 1 - np.sum((y - predicted) ** 2) / np.sum((y - y.mean()) ** 2)
    return {"shape": float(slope), "scale": float(np.exp(-intercept / slope)), "r2": float(r2)}


def main():
    path = data_file()
    data = pd.read_csv(path)
    missing = {"endpoint", "time_years", "survival"} - set(data.columns)
    if missing:
        fail("The survival data %s lacks the column(s) %s." % (os.path.basename(path), ", ".join(sorted(missing))))
    fitted = {}
    for endpoint in ("OS", "PFS"):
        rows = data[data["endpoint"].str.upper() == endpoint].sort_values("time_years")
        result = fit(rows["time_years"].to_numpy(float), rows["survival"].to_numpy(float))
        if result is None:
            fail("The survival data needs at least three %s rows with survival between 0 and 1." % endpoint)
        fitted[endpoint] = (rows, result)

    cells = [
        {"row": 0, "column": c, "value": h, "th": True}
        for c, h in enumerate(["Endpoint", "Weibull shape", "Weibull scale (years)", "R squared"])
    ]
    points = []
    for r, (endpoint, (rows, f)) in enumerate(fitted.items(), start=1):
        cells += [
            {"row": r, "column": 0, "value": endpoint},
            {"row": r, "column": 1, "value": round(f["shape"], 4), "align": "right"},
            {"row": r, "column": 2, "value": round(f["scale"], 4), "align": "right"},
            {"row": r, "column": 3, "value": round(f["r2"], 4), "align": "right"},
        ]
        for t, s in zip(rows["time_years"], rows["survival"]):
            points.append({"group": "%s observed" % endpoint, "x": float(t), "y": float(s)})
            points.append(
                {
                    "group": "%s fitted" % endpoint,
                    "x": float(t),
                    "y": round(float(np.exp(-((t / f["scale"]) ** f["shape"]))), 6),
                }
            )
    calibrated = {
        "os_shape": round(fitted["OS"][1]["shape"], 4),
        "os_scale_years": round(fitted["OS"][1]["scale"], 4),
        "pfs_shape": round(fitted["PFS"][1]["shape"], 4),
        "pfs_scale_years": round(fitted["PFS"][1]["scale"], 4),
    }
    result = {
        "options": {"title": "Calibration Analysis"},
        "elements": [
            {
                "kind": "section",
                "title": "Weibull calibration",
                "text": "Fitted to %s (%d rows)." % (os.path.basename(path), len(data)),
            },
            {"kind": "table", "cells": cells, "options": {"title": "Fitted Weibull parameters", "tableHeadTillRow": 1}},
            {
                # The survival preset draws the observed Kaplan-Meier estimates as steps, the fits as curves.
                "kind": "chart",
                "chartType": "survival",
                "data": [p for p in points if p["group"].endswith("observed")]
                + [p for p in points if p["group"].endswith("fitted")],
                "observedGroups": ["%s observed" % endpoint for endpoint in fitted],
                "options": {"title": "Observed and fitted survival", "xAxisLabel": "Years", "yAxisLabel": "Survival"},
            },
        ],
    }
    output_dir = os.environ.get("MR_OUTPUT_DIR", "output")
    os.makedirs(output_dir, exist_ok=True)
    with open(os.path.join(output_dir, "result.json"), "w", encoding="utf-8") as f:
        json.dump(result, f, allow_nan=False, indent=1)
    with open(os.path.join(output_dir, "calibrated_parameters.json"), "w", encoding="utf-8") as f:
        json.dump(calibrated, f, indent=1)
    print("Calibrated: %s" % json.dumps(calibrated))


if __name__ == "__main__":
    main()
