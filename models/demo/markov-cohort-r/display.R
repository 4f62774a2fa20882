# Display model of the Markov cohort model: compares the scenarios an analysis displays.
#
# Model contract (docs/running-models.md, "Display runs"): the run of a display sub-model finds the
# displayed scenarios in MR_PARAMETER_DIR/_scenarios/: index.json lists them (id, name, label, order,
# directory) in their displayed order, and each directory holds that scenario's output files as
# markov_cohort.R wrote them. From them it reads result.json's "Results per strategy" table (costs,
# QALYs and life years per strategy) and trace.csv (the cohort per cycle). The instance's values
# (MR_INPUT_FILE, the display sub-model's JSON definition) may set `title` and `willingness_to_pay`
# (per QALY, for the net monetary benefit). Writes result.json into MR_OUTPUT_DIR: a comparison
# table, a cost-effectiveness plane and the Markov trace of the new treatment per scenario (chart
# presets, docs/running-models.md "Chart presets").
# A displayed scenario without these files becomes an error element; the others are still compared.

suppressPackageStartupMessages({
  library(jsonlite)
  library(data.table)
})

fail <- function(message) {
  cat(message, "\n", file = stderr())
  quit(status = 2)
}

# ---- display parameters ----
input_file <- Sys.getenv("MR_INPUT_FILE")
values <- if (nzchar(input_file)) fromJSON(input_file, simplifyVector = TRUE) else list()
if (!is.list(values)) fail("The display parameters must be a JSON object.")
title <- if (is.character(values$title) && nzchar(trimws(values$title))) trimws(values$title) else "Scenario comparison"
wtp <- if (is.null(values$willingness_to_pay)) 30000 else values$willingness_to_pay
if (!is.numeric(wtp) || length(wtp) != 1 || wtp < 0)
  fail(sprintf("willingness_to_pay must be a number of at least 0, got %s.", toJSON(wtp, auto_unbox = TRUE)))

# ---- displayed scenarios ----
scenarios_dir <- file.path(Sys.getenv("MR_PARAMETER_DIR", "."), "_scenarios")
index_file <- file.path(scenarios_dir, "index.json")
if (!file.exists(index_file))
  fail(sprintf("No displayed scenarios: this model runs as a display sub-model of an analysis (%s is missing).", index_file))
index <- fromJSON(index_file, simplifyVector = FALSE)

# The row of the scenario's "Results per strategy" table whose first cell is `strategy`, by header.
strategy_row <- function(result, strategy) {
  tables <- Filter(function(e) identical(e$kind, "table") && identical(e$options$title, "Results per strategy"), result$elements)
  if (length(tables) == 0) return(NULL)
  cells <- tables[[1]]$cells
  header <- list()
  for (c in cells) if (c$row == 0) header[[as.character(c$column)]] <- c$value
  first <- Filter(function(c) c$column == 0 && identical(c$value, strategy), cells)
  if (length(first) == 0) return(NULL)
  row <- list()
  for (c in cells) if (c$row == first[[1]]$row) row[[header[[as.character(c$column)]]]] <- c$value
  row
}

read_scenario <- function(s) {
  name <- if (!is.null(s$label)) sprintf("%s (%s)", s$name, s$label) else s$name
  dir <- file.path(scenarios_dir, s$directory)
  result_file <- file.path(dir, "result.json")
  trace_file <- file.path(dir, "trace.csv")
  if (!file.exists(result_file) || !file.exists(trace_file))
    return(list(name = name, error = sprintf("%s has no result.json and trace.csv of the Markov cohort model.", s$name)))
  result <- fromJSON(result_file, simplifyVector = FALSE)
  standard <- strategy_row(result, "Standard care")
  treatment <- strategy_row(result, "New treatment")
  if (is.null(standard) || is.null(treatment))
    return(list(name = name, error = sprintf("%s has no 'Results per strategy' table.", s$name)))
  list(name = name, standard = standard, treatment = treatment, trace = fread(trace_file))
}
shown <- lapply(index, read_scenario)

# ---- result.json ----
cell <- function(row, column, value, ...) c(list(row = row, column = column, value = value), list(...))
table_element <- function(title, header, rows) {
  cells <- lapply(seq_along(header), function(j) cell(0, j - 1, header[[j]], th = TRUE))
  for (i in seq_along(rows)) {
    for (j in seq_along(rows[[i]])) {
      value <- rows[[i]][[j]]
      cells[[length(cells) + 1]] <- if (is.numeric(value)) cell(i, j - 1, value, align = "right") else cell(i, j - 1, value)
    }
  }
  list(kind = "table", cells = cells, options = list(title = title, tableHeadTillRow = 1))
}

ok <- Filter(function(s) is.null(s$error), shown)
comparison <- lapply(ok, function(s) {
  d_cost <- s$treatment$Costs - s$standard$Costs
  d_qalys <- s$treatment$QALYs - s$standard$QALYs
  icer <- if (d_qalys != 0) round(d_cost / d_qalys, 2) else NA
  list(s$name, round(d_cost, 2), round(d_qalys, 4), icer, round(wtp * d_qalys - d_cost, 2))
})

elements <- list(list(
  kind = "section", title = title,
  text = sprintf("New treatment against standard care in %d scenario%s; net monetary benefit at %s per QALY.",
                 length(ok), if (length(ok) == 1) "" else "s", format(wtp, big.mark = ",", scientific = FALSE))
))
for (s in Filter(function(s) !is.null(s$error), shown))
  elements[[length(elements) + 1]] <- list(kind = "error", title = s$name, message = s$error)
if (length(ok) > 0) {
  elements[[length(elements) + 1]] <- table_element(
    "Cost-effectiveness by scenario",
    c("Scenario", "Incremental costs", "Incremental QALYs", "ICER (cost per QALY gained)", "Net monetary benefit"),
    comparison
  )
  elements[[length(elements) + 1]] <- list(
    kind = "chart", chartType = "ce-plane",
    data = lapply(comparison, function(r) list(group = r[[1]], x = r[[3]], y = r[[2]])),
    options = list(title = "Cost-effectiveness plane", xAxisLabel = "Incremental QALYs",
                   yAxisLabel = "Incremental costs", willingnessToPay = wtp)
  )
  for (s in ok) {
    trace <- s$trace[strategy == "New treatment"]
    data <- do.call(c, lapply(c("Healthy", "Sick", "Dead"), function(state)
      lapply(seq_len(nrow(trace)), function(i) list(group = state, x = trace$cycle[[i]], y = round(trace[[state]][[i]], 6)))))
    elements[[length(elements) + 1]] <- list(
      kind = "chart", chartType = "markov-trace", data = data,
      options = list(title = sprintf("Markov trace, new treatment: %s", s$name),
                     xAxisLabel = "Cycle (year)", yAxisLabel = "Proportion of the cohort")
    )
  }
}

output_dir <- Sys.getenv("MR_OUTPUT_DIR", "output")
dir.create(output_dir, recursive = TRUE, showWarnings = FALSE)
write_json(
  list(options = list(title = title), elements = elements),
  file.path(output_dir, "result.json"),
  auto_unbox = TRUE, digits = NA, na = "null", null = "null", pretty = TRUE
)
