#!/usr/bin/env bash
# Deploys the CDK app in cdk/ to a running LocalStack with cdklocal, then prints the stack outputs.
# Needs Docker and LocalStack Pro (see localstack/README.md); the Docker-free local cloud is `npm start`.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo_root"

export AWS_ENDPOINT_URL="${AWS_ENDPOINT_URL:-http://localhost.localstack.cloud:4566}"
export AWS_DEFAULT_REGION="${AWS_DEFAULT_REGION:-us-east-1}"
export AWS_REGION="$AWS_DEFAULT_REGION"
export AWS_ACCESS_KEY_ID="${AWS_ACCESS_KEY_ID:-test}"
export AWS_SECRET_ACCESS_KEY="${AWS_SECRET_ACCESS_KEY:-test}"
export CDK_DEFAULT_ACCOUNT="${CDK_DEFAULT_ACCOUNT:-000000000000}"
export CDK_DEFAULT_REGION="$AWS_DEFAULT_REGION"
# cdklocal wraps the project's own aws-cdk CLI (node_modules), so both worlds use the same CLI version.
export NODE_PATH="$repo_root/node_modules${NODE_PATH:+:$NODE_PATH}"

stage="${STAGE:-localstack}"
outputs_file="$repo_root/.local/localstack-outputs.json"
cdklocal=(npx --yes aws-cdk-local@latest)

if ! curl -fsS "$AWS_ENDPOINT_URL/_localstack/health" >/dev/null; then
  echo "LocalStack is not reachable at $AWS_ENDPOINT_URL." >&2
  echo "Start it with: docker compose -f localstack/docker-compose.yml up -d" >&2
  exit 1
fi

if [[ ! -f web/dist/index.html ]]; then
  echo "Building the web app first (web/dist is missing)..."
  npm run build:web
fi

context=(
  -c "stage=$stage"
  -c "webUrl=${WEB_URL:-http://localhost:5173}"
  -c "hostedUiDomainPrefix=${HOSTED_UI_PREFIX:-model-repository-$stage}"
)

echo "Bootstrapping aws://$CDK_DEFAULT_ACCOUNT/$AWS_DEFAULT_REGION in LocalStack..."
"${cdklocal[@]}" bootstrap "aws://$CDK_DEFAULT_ACCOUNT/$AWS_DEFAULT_REGION" "${context[@]}"

echo "Deploying stage '$stage'..."
mkdir -p "$(dirname "$outputs_file")"
"${cdklocal[@]}" deploy --all --require-approval never --outputs-file "$outputs_file" "${context[@]}"

echo
echo "Stack outputs (also in ${outputs_file#"$repo_root"/}):"
cat "$outputs_file"
