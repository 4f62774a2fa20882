# Model runner image for R models: Debian's R with jsonlite and data.table.
# Build context: the repository root (CDK stages only package*.json, tsconfig.json, shared/ and
# functions/: RUNNER_ASSET_EXCLUDES in cdk/stacks/stateless-stack.ts):
#   docker build -f functions/runner/docker/Dockerfile.r -t model-runner-r .
# The Debian packages are those of scripts/local/install-runner-deps.sh, so a run locally and a run on
# Fargate use the same runtime versions (both Debian 12, bookworm).

FROM node:22-bookworm-slim AS build
WORKDIR /build
ARG ESBUILD_VERSION=0.28.2
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && npm install --no-save --ignore-scripts --no-audit --no-fund "esbuild@${ESBUILD_VERSION}"
COPY tsconfig.json ./
COPY shared ./shared
COPY functions ./functions
RUN npx esbuild functions/runner/entrypoint.ts \
      --bundle --platform=node --target=node22 --format=esm --minify --sourcemap \
      --tsconfig=tsconfig.json --outfile=dist/entrypoint.mjs \
      "--banner:js=import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);"

FROM node:22-bookworm-slim
# tini is PID 1: it reaps the processes a model leaves behind, which node as PID 1 would not.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends tini r-base-core r-cran-jsonlite r-cran-data.table \
 && rm -rf /var/lib/apt/lists/*
# The model's own unprivileged user: the runner (root in the container, so that it can switch user)
# starts every model as `model` with a cleared environment, so a model cannot read the runner's
# /proc/<pid>/environ (its task credentials' address) or files (functions/runner/sandbox.ts).
RUN groupadd --system --gid 10001 model \
 && useradd --system --uid 10001 --gid model --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin model
# MR_SANDBOX=container: Fargate lets no process create namespaces, so bubblewrap cannot run here; the
# container, its VPC and its task role are the boundary around the `model` user (docs/running-models.md,
# "The sandbox").
ENV NODE_ENV=production \
    MR_SANDBOX=container \
    MR_RUNNER_IMAGE=model-runner-r
WORKDIR /app
COPY --from=build /build/dist/ ./
# No USER: the runner stays root to start each model as the unprivileged `model` user above.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", "entrypoint.mjs"]
