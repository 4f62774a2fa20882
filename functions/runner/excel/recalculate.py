"""Calculates an Excel workbook with LibreOffice for the model runner (functions/runner/run-model.ts).

1. Read the run's configuration (MR_EXCEL_CONFIG) and the instance's input values (MR_INPUT_FILE).
2. Start LibreOffice headless with a private profile and connect to it over a named pipe.
3. Open the workbook with macros disabled, write each parameter into its named range, recalculate.
4. Read the output named ranges and tables, write them to MR_OUTPUT_DIR/result.json as tables, and
   store the recalculated workbook beside it.

Exit codes: 0 done; 2 the workbook or the mapping of parameters to ranges is wrong (the message is the
last line on stderr); 3 LibreOffice failed. Runs with Debian's python3 and python3-uno.
"""

import json
import os
import re
import subprocess
import sys
import time
import uuid
import zipfile


def fail(message, code=2):
    sys.stderr.write(message.rstrip() + "\n")
    sys.exit(code)


try:
    import uno
    from com.sun.star.beans import PropertyValue
    from com.sun.star.connection import NoConnectException
except ImportError:
    fail("LibreOffice's Python bridge (python3-uno) is not installed in this runner image.", 3)

# com.sun.star.document.MacroExecMode.NEVER_EXECUTE and UpdateDocMode.NO_UPDATE.
NEVER_EXECUTE = 0
NO_UPDATE = 0
# com.sun.star.sheet.FormulaResult.STRING
FORMULA_RESULT_STRING = 2
NUMBER = re.compile(r"^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$")
MACROS_NOTE = (
    "This workbook contains macros. The runner does not run macros: values that macros would compute "
    "were not updated; formulas were recalculated."
)


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def has_macros(path):
    """VBA (xlsm, xls) or LibreOffice Basic (ods) inside the file."""
    try:
        with zipfile.ZipFile(path) as z:
            return any(
                n.endswith("vbaProject.bin") or n.startswith("Basic/") or n.startswith("Scripts/")
                for n in z.namelist()
            )
    except zipfile.BadZipFile:
        # A binary .xls: the VBA storage's name in the compound file directory (UTF-16).
        with open(path, "rb") as f:
            data = f.read()
        return "_VBA_PROJECT".encode("utf-16-le") in data


def start_office(soffice, home):
    pipe = "mr" + uuid.uuid4().hex
    profile = uno.systemPathToFileUrl(os.path.join(home, "libreoffice-profile"))
    log_path = os.path.join(os.environ.get("TMPDIR", "/tmp"), "soffice.log")
    log = open(log_path, "wb")
    proc = subprocess.Popen(
        [
            soffice,
            "--headless",
            "--invisible",
            "--nocrashreport",
            "--nodefault",
            "--nofirststartwizard",
            "--nologo",
            "--norestore",
            "--nolockcheck",
            "-env:UserInstallation=" + profile,
            "--accept=pipe,name=%s;urp;StarOffice.ComponentContext" % pipe,
        ],
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    while True:
        try:
            ctx = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
            break
        except NoConnectException:
            if proc.poll() is not None:
                with open(log_path, "rb") as f:
                    tail = f.read()[-2000:].decode("utf-8", "replace")
                fail("LibreOffice stopped while starting (exit code %s).\n%s" % (proc.returncode, tail), 3)
            time.sleep(0.25)
    desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    return proc, desktop


def stop_office(proc, desktop, doc):
    for action in (lambda: doc and doc.close(True), desktop.terminate):
        try:
            action()
        except Exception:
            pass  # The bridge goes away while LibreOffice quits.
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()


def flatten(value):
    if isinstance(value, list):
        out = []
        for item in value:
            out.extend(flatten(item))
        return out
    return [value]


def write_cell(cell, value, where):
    if isinstance(value, bool):
        cell.setFormula("=TRUE()" if value else "=FALSE()")
    elif isinstance(value, (int, float)):
        cell.setValue(float(value))
    elif value is None:
        cell.setString("")
    elif isinstance(value, str):
        # A number typed as text in a form is still a number to the workbook's formulas.
        if NUMBER.match(value):
            cell.setValue(float(value))
        else:
            cell.setString(value)
    else:
        fail("%s: a value of type %s cannot be written into a cell." % (where, type(value).__name__))


def cell_value(cell, errors):
    kind = cell.getType().value
    if kind == "EMPTY":
        return None
    if cell.getError() != 0:
        shown = cell.getString()
        errors.append("%s shows the error %s" % (cell.AbsoluteName.replace("$", ""), shown))
        return shown
    if kind == "TEXT":
        return cell.getString()
    if kind == "FORMULA" and cell.FormulaResultType2 == FORMULA_RESULT_STRING:
        return cell.getString()
    # 15 significant digits, as Excel shows them: 41212.04, not 41212.04000000001.
    value = float("%.15g" % cell.getValue())
    return int(value) if value.is_integer() and abs(value) < 2**53 else value


def read_grid(cells, errors):
    addr = cells.getRangeAddress()
    rows = addr.EndRow - addr.StartRow + 1
    cols = addr.EndColumn - addr.StartColumn + 1
    return [[cell_value(cells.getCellByPosition(c, r), errors) for c in range(cols)] for r in range(rows)]


def grid_table(title, grid, header):
    cells = []
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            cell = {"row": r, "column": c, "value": value}
            if header and r == 0:
                cell["th"] = True
            elif isinstance(value, (int, float)) and not isinstance(value, bool):
                cell["align"] = "right"
            cells.append(cell)
    options = {"title": title}
    if header:
        options["tableHeadTillRow"] = 1
    return {"kind": "table", "cells": cells, "options": options}


def looks_like_header(grid):
    if len(grid) < 2:
        return False
    first = grid[0]
    return all(isinstance(v, str) and v != "" for v in first) and any(
        isinstance(v, (int, float)) for row in grid[1:] for v in row
    )


def main():
    with open(os.environ["MR_EXCEL_CONFIG"], encoding="utf-8") as f:
        config = json.load(f)
    input_file = os.environ["MR_INPUT_FILE"]
    output_dir = os.environ["MR_OUTPUT_DIR"]
    workbook = config["workbook"]
    with open(input_file, encoding="utf-8") as f:
        values = json.load(f)
    if not isinstance(values, dict):
        fail("The input values must be a JSON object of parameter names and values.")

    notes = []
    macros = has_macros(workbook)
    if macros:
        notes.append(MACROS_NOTE)

    proc, desktop = start_office(config.get("soffice") or "soffice", os.environ["HOME"])
    doc = None
    try:
        url = uno.systemPathToFileUrl(os.path.abspath(workbook))
        try:
            doc = desktop.loadComponentFromURL(
                url,
                "_blank",
                0,
                (prop("Hidden", True), prop("MacroExecutionMode", NEVER_EXECUTE), prop("UpdateDocMode", NO_UPDATE)),
            )
        except Exception as error:
            fail("LibreOffice could not open the workbook %s: %s" % (workbook, getattr(error, "Message", error)))
        if doc is None or not hasattr(doc, "NamedRanges"):
            fail("LibreOffice could not open %s as a spreadsheet." % workbook)

        named = doc.NamedRanges
        by_lower = {n.lower(): n for n in named.getElementNames()}
        tables = [n for n in doc.DatabaseRanges.getElementNames() if not n.startswith("__Anonymous")]

        # Inputs: each parameter into the range named by the mapping, else the range of its own name.
        mapping = config.get("inputs") or {}
        written = {}
        skipped = []
        input_rows = []
        for variable, value in values.items():
            target = mapping.get(variable)
            if target is None:
                if isinstance(value, dict):
                    continue  # A file parameter: the workbook cannot take it.
                target = by_lower.get(variable.lower())
                if target is None:
                    skipped.append(variable)
                    continue
            elif target.lower() not in by_lower:
                fail("The workbook has no named range '%s' (the range of parameter '%s')." % (target, variable))
            name = by_lower[target.lower()]
            cells = named.getByName(name).getReferredCells()
            if cells is None:
                fail("The named range '%s' (parameter '%s') does not refer to cells." % (name, variable))
            addr = cells.getRangeAddress()
            cols = addr.EndColumn - addr.StartColumn + 1
            size = (addr.EndRow - addr.StartRow + 1) * cols
            items = flatten(value)
            if len(items) != size:
                fail(
                    "Parameter '%s' has %d value(s), but its named range %s has %d cell(s)."
                    % (variable, len(items), name, size)
                )
            for i, item in enumerate(items):
                write_cell(cells.getCellByPosition(i % cols, i // cols), item, "Parameter '%s'" % variable)
            written[name] = variable
            input_rows.append((variable, name, value))
            print("Wrote %s into %s" % (variable, name))
        if skipped:
            notes.append(
                "Parameters without a named range of their name were not written: %s." % ", ".join(sorted(skipped))
            )

        doc.calculateAll()

        # Outputs: the listed ranges and tables, else every range not written and every table.
        wanted = config.get("outputs")
        if wanted is None:
            wanted = [n for n in named.getElementNames() if n not in written] + tables
        errors = []
        singles = []
        range_tables = []
        table_lower = {t.lower(): t for t in tables}
        for output in wanted:
            if output.lower() in by_lower:
                name = by_lower[output.lower()]
                cells = named.getByName(name).getReferredCells()
                if cells is None:
                    continue  # A named constant or formula, not cells.
                grid = read_grid(cells, errors)
                header = looks_like_header(grid)
            elif output.lower() in table_lower:
                name = table_lower[output.lower()]
                db = doc.DatabaseRanges.getByName(name)
                area = db.getDataArea()
                sheet = doc.Sheets.getByIndex(area.Sheet)
                cells = sheet.getCellRangeByPosition(area.StartColumn, area.StartRow, area.EndColumn, area.EndRow)
                grid = read_grid(cells, errors)
                header = bool(db.ContainsHeader)
            else:
                fail("The workbook has no named range or table '%s' (listed as an output)." % output)
            if len(grid) == 1 and len(grid[0]) == 1:
                singles.append((name, grid[0][0]))
            else:
                range_tables.append(grid_table(name, grid, header))

        elements = [
            {
                "kind": "section",
                "title": "Workbook",
                "text": "%s recalculated with LibreOffice after %d parameter(s) were written into named ranges."
                % (os.path.basename(workbook), len(input_rows)),
            }
        ]
        if macros:
            elements.append({"kind": "section", "title": "Macros were not run", "text": MACROS_NOTE, "level": 2})
        if input_rows:
            cells = [
                {"row": 0, "column": 0, "value": "Parameter", "th": True},
                {"row": 0, "column": 1, "value": "Named range", "th": True},
                {"row": 0, "column": 2, "value": "Value", "th": True},
            ]
            for r, (variable, name, value) in enumerate(input_rows, start=1):
                shown = value if isinstance(value, (int, float, str, bool)) else json.dumps(value)
                cells += [
                    {"row": r, "column": 0, "value": variable},
                    {"row": r, "column": 1, "value": name},
                    {"row": r, "column": 2, "value": shown},
                ]
            elements.append(
                {"kind": "table", "cells": cells, "options": {"title": "Inputs written", "tableHeadTillRow": 1}}
            )
        elements.append({"kind": "section", "title": "Results", "level": 1})
        if singles:
            cells = [
                {"row": 0, "column": 0, "value": "Output", "th": True},
                {"row": 0, "column": 1, "value": "Value", "th": True},
            ]
            for r, (name, value) in enumerate(singles, start=1):
                cells.append({"row": r, "column": 0, "value": name})
                cells.append({"row": r, "column": 1, "value": value, "align": "right"})
            elements.append({"kind": "table", "cells": cells, "options": {"title": "Outputs", "tableHeadTillRow": 1}})
        elements.extend(range_tables)
        if errors:
            elements.append(
                {"kind": "error", "title": "Formula errors in the outputs", "message": "; ".join(errors[:50])}
            )
            notes.append("Formula errors in the outputs: %s." % "; ".join(errors[:10]))

        os.makedirs(output_dir, exist_ok=True)
        if config.get("saveCalculated", True):
            stem = os.path.splitext(os.path.basename(workbook))[0]
            target = uno.systemPathToFileUrl(os.path.join(os.path.abspath(output_dir), stem + "-calculated.xlsx"))
            doc.storeToURL(target, (prop("FilterName", "Calc MS Excel 2007 XML"),))
        result = {"options": {"title": os.path.basename(workbook)}, "elements": elements}
        with open(os.path.join(output_dir, "result.json"), "w", encoding="utf-8") as f:
            json.dump(result, f, ensure_ascii=False, allow_nan=False, indent=1)
    except SystemExit:
        raise
    except Exception as error:
        fail("LibreOffice failed while calculating the workbook: %s" % getattr(error, "Message", error), 3)
    finally:
        stop_office(proc, desktop, doc)
        notes_file = config.get("notesFile")
        if notes_file:
            with open(notes_file, "w", encoding="utf-8") as f:
                json.dump(notes, f)


if __name__ == "__main__":
    main()
