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
ENV NODE_ENV=production \
    MR_RUNNER_IMAGE=model-runner-r
WORKDIR /app
COPY --from=build /build/dist/ ./
# The node image's unprivileged user; model runs never need root.
USER node
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", "entrypoint.mjs"]
