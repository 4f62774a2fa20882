# Markov cohort cost-effectiveness model (Healthy, Sick, Dead): standard care versus a new treatment.
#
# Model contract (docs/running-models.md): reads the instance's values from the JSON file named by
# MR_INPUT_FILE (a missing value takes its default below) and writes result.json (tables and charts)
# and trace.csv into the directory named by MR_OUTPUT_DIR. By hand, `Rscript markov_cohort.R` uses
# the defaults and writes into ./output.
#
# Method: annual cycles; the whole cohort starts Healthy. Cycle t (t = 0 .. cycles - 1) accrues the
# costs and utilities of the cohort at its start, discounted by (1 + r)^-t; then the transitions
# apply. The new treatment multiplies the Healthy -> Sick probability by relative_risk and costs
# cost_treatment per year in Healthy or Sick.
# ICER = (costs new - costs standard) / (QALYs new - QALYs standard).

suppressPackageStartupMessages({
  library(jsonlite)
  library(data.table)
})

defaults <- list(
  cycles = 40,
  p_healthy_sick = 0.10,
  p_healthy_dead = 0.01,
  p_sick_healthy = 0.05,
  p_sick_dead = 0.10,
  relative_risk = 0.70,
  cost_healthy = 500,
  cost_sick = 5000,
  cost_treatment = 2000,
  utility_healthy = 0.90,
  utility_sick = 0.60,
  discount_rate_costs = 0.035,
  discount_rate_qalys = 0.035
)

# ---- inputs ----
input_file <- Sys.getenv("MR_INPUT_FILE")
output_dir <- Sys.getenv("MR_OUTPUT_DIR", "output")
values <- if (nzchar(input_file)) fromJSON(input_file, simplifyVector = TRUE) else list()
if (!is.list(values)) stop("The input values must be a JSON object of parameter names and values.")
unknown <- setdiff(names(values), names(defaults))
if (length(unknown) > 0) message("Ignoring unknown parameters: ", paste(unknown, collapse = ", "))
p <- modifyList(defaults, values[intersect(names(values), names(defaults))])

for (name in names(defaults)) {
  v <- p[[name]]
  if (!is.numeric(v) || length(v) != 1 || is.na(v)) {
    stop(sprintf("Parameter %s must be a single number, got %s.", name, toJSON(v, auto_unbox = TRUE)))
  }
}
for (name in c("p_healthy_sick", "p_healthy_dead", "p_sick_healthy", "p_sick_dead",
               "discount_rate_costs", "discount_rate_qalys")) {
  if (p[[name]] < 0 || p[[name]] > 1) stop(sprintf("Parameter %s must be between 0 and 1, got %s.", name, p[[name]]))
}
if (p$cycles != round(p$cycles) || p$cycles < 1 || p$cycles > 200) {
  stop("Parameter cycles must be a whole number from 1 to 200.")
}
if (p$relative_risk < 0) stop("Parameter relative_risk must not be negative.")
if (p$p_healthy_sick * max(1, p$relative_risk) + p$p_healthy_dead > 1) {
  stop("The probabilities of leaving Healthy add up to more than 1.")
}
if (p$p_sick_healthy + p$p_sick_dead > 1) stop("The probabilities of leaving Sick add up to more than 1.")

# ---- model ----
run_strategy <- function(p_healthy_sick, treated) {
  transitions <- matrix(c(
    1 - p_healthy_sick - p$p_healthy_dead, p_healthy_sick, p$p_healthy_dead,
    p$p_sick_healthy, 1 - p$p_sick_healthy - p$p_sick_dead, p$p_sick_dead,
    0, 0, 1
  ), nrow = 3, byrow = TRUE)
  trace <- matrix(0, nrow = p$cycles, ncol = 3, dimnames = list(NULL, c("Healthy", "Sick", "Dead")))
  state <- c(1, 0, 0)
  for (t in seq_len(p$cycles)) {
    trace[t, ] <- state
    state <- as.vector(state %*% transitions)
  }
  t <- 0:(p$cycles - 1)
  state_costs <- c(p$cost_healthy, p$cost_sick, 0) + treated * c(p$cost_treatment, p$cost_treatment, 0)
  costs <- as.vector(trace %*% state_costs) * (1 + p$discount_rate_costs)^-t
  qalys <- as.vector(trace %*% c(p$utility_healthy, p$utility_sick, 0)) * (1 + p$discount_rate_qalys)^-t
  list(trace = trace, cost = sum(costs), qalys = sum(qalys), life_years = sum(trace[, 1:2]))
}

standard <- run_strategy(p$p_healthy_sick, 0)
treatment <- run_strategy(p$p_healthy_sick * p$relative_risk, 1)
d_cost <- treatment$cost - standard$cost
d_qalys <- treatment$qalys - standard$qalys
icer <- if (d_qalys != 0) d_cost / d_qalys else NA
verdict <- if (d_qalys > 0 && d_cost <= 0) {
  "The new treatment dominates: it costs less and gains QALYs."
} else if (d_qalys <= 0 && d_cost >= 0) {
  "The new treatment is dominated: it costs more and gains no QALYs."
} else {
  sprintf("The new treatment costs %s per QALY gained.", format(round(icer, 2), big.mark = ",", nsmall = 2))
}

# ---- result.json ----
cell <- function(row, column, value, ...) c(list(row = row, column = column, value = value), list(...))
table_element <- function(title, header, rows) {
  cells <- lapply(seq_along(header), function(j) cell(0, j - 1, header[[j]], th = TRUE))
  for (i in seq_along(rows)) {
    for (j in seq_along(rows[[i]])) {
      value <- rows[[i]][[j]]
      cells[[length(cells) + 1]] <- if (is.numeric(value)) {
        cell(i, j - 1, value, align = "right")
      } else {
        cell(i, j - 1, value)
      }
    }
  }
  list(kind = "table", cells = cells, options = list(title = title, tableHeadTillRow = 1))
}
points <- function(group, x, y) lapply(seq_along(x), function(i) list(group = group, x = x[[i]], y = y[[i]]))

cycles <- 0:(p$cycles - 1)
elements <- list(
  list(kind = "section", title = "Cost-effectiveness", text = verdict),
  table_element("Results per strategy", c("Strategy", "Costs", "QALYs", "Life years"), list(
    list("Standard care", round(standard$cost, 2), round(standard$qalys, 4), round(standard$life_years, 4)),
    list("New treatment", round(treatment$cost, 2), round(treatment$qalys, 4), round(treatment$life_years, 4))
  )),
  table_element("Incremental analysis", c("Measure", "Value"), list(
    list("Incremental costs", round(d_cost, 2)),
    list("Incremental QALYs", round(d_qalys, 4)),
    list("ICER (cost per QALY gained)", if (is.na(icer)) NA else round(icer, 2))
  )),
  list(
    kind = "chart", chartType = "line",
    data = c(
      points("Standard care", cycles, round(rowSums(standard$trace[, 1:2]), 6)),
      points("New treatment", cycles, round(rowSums(treatment$trace[, 1:2]), 6))
    ),
    options = list(title = "Proportion of the cohort alive", xAxisLabel = "Cycle (year)", yAxisLabel = "Proportion")
  ),
  list(
    kind = "chart", chartType = "area",
    data = do.call(c, lapply(colnames(treatment$trace), function(s) points(s, cycles, round(treatment$trace[, s], 6)))),
    options = list(title = "Markov trace, new treatment", xAxisLabel = "Cycle (year)", yAxisLabel = "Proportion",
                   stacked = TRUE)
  ),
  table_element("Parameters used", c("Parameter", "Value"), lapply(names(p), function(n) list(n, p[[n]])))
)

dir.create(output_dir, recursive = TRUE, showWarnings = FALSE)
write_json(
  list(options = list(title = "Markov cohort cost-effectiveness model"), elements = elements),
  file.path(output_dir, "result.json"),
  auto_unbox = TRUE, digits = NA, na = "null", null = "null", pretty = TRUE
)
trace_table <- rbind(
  data.table(strategy = "Standard care", cycle = cycles, standard$trace),
  data.table(strategy = "New treatment", cycle = cycles, treatment$trace)
)
fwrite(trace_table, file.path(output_dir, "trace.csv"))
cat(sprintf("ICER %.2f per QALY gained (incremental costs %.2f, incremental QALYs %.4f)\n", icer, d_cost, d_qalys))
