#!/usr/bin/env bash
# The browser suite in two Vitest processes side by side, each with its own server and database
# (tests/e2e/globalSetup.ts): the accessibility scan, a third of the suite's time on its own, beside
# every other file. One process left half of a 2-core machine idle, waiting on the page.
# Expects a built console (vite build).
set -uo pipefail
cd "$(dirname "$0")/.."

rm -rf .e2e
mkdir -p .e2e
npx vitest run --project e2e tests/e2e/a11y.e2e.ts >.e2e/a11y.out 2>&1 &
a11y=$!
rest_status=0
npx vitest run --project e2e --exclude tests/e2e/a11y.e2e.ts || rest_status=$?
a11y_status=0
wait "$a11y" || a11y_status=$?
echo '--- the accessibility scan (.e2e/a11y.out) ---'
cat .e2e/a11y.out

if [ "$rest_status" -ne 0 ] || [ "$a11y_status" -ne 0 ]; then
  # Printed last, where the end of CI's output shows it: what each failed test left on screen, and
  # the server's calls that were slow or failed.
  echo '--- .e2e/failures/summary.txt ---'
  cat .e2e/failures/summary.txt 2>/dev/null || true
  echo '--- .e2e/server-*.log: errors, calls over 3 s or answered 5xx ---'
  node -e '
    const { readdirSync, readFileSync } = require("fs");
    for (const file of readdirSync(".e2e").filter((name) => name.startsWith("server-"))) {
      for (const line of readFileSync(`.e2e/${file}`, "utf8").split("\n")) {
        try {
          const j = JSON.parse(line);
          if (j.level >= 50 || j.responseTime > 3000 || j.res?.statusCode >= 500) console.log(`${file}: ${line.slice(0, 400)}`);
        } catch {}
      }
    }' || true
  exit 1
fi
