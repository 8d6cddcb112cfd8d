#!/usr/bin/env bash
# Lints the REST door's OpenAPI document (what GET /api/openapi.json serves) with Redocly CLI's
# recommended rules (redocly.yaml); fails on any error. Offline: no telemetry, no update check.
set -euo pipefail
cd "$(dirname "$0")/.."
document="$(mktemp --suffix=.json)"
trap 'rm -f "$document"' EXIT
node --import tsx apps/api/src/print-openapi.ts >"$document"
REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true node_modules/.bin/redocly lint "$document" --config redocly.yaml
