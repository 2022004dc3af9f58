#!/usr/bin/env bash
# Contract tests of a running `grimoire serve --no-rate-limits` (issue 19):
# Schemathesis, all checks, against the served /openapi.json, as a
# campaign's GM, as one of its players and anonymously. Any failure fails.
# Usage: tests/contract/run.sh http://127.0.0.1:PORT PATH/TO/st
set -euo pipefail
base="$1"
st="$2"
here="$(cd "$(dirname "$0")" && pwd)"

post() { # post PATH TOKEN BODY -> response body
  node -e '
    const [url, token, body] = process.argv.slice(1);
    const headers = { "content-type": "application/json" };
    if (token) headers.authorization = "Bearer " + token;
    fetch(url, { method: "POST", headers, body }).then(async (r) => {
      const text = await r.text();
      if (!r.ok) { console.error(r.status, text); process.exit(1); }
      process.stdout.write(text);
    }, (e) => { console.error(e); process.exit(1); });' "$base$1" "$2" "$3"
}
token_of() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(JSON.parse(s).token))'; }

gm="$(post /accounts "" '{"name":"contract-gm"}' | token_of)"
player="$(post /accounts "" '{"name":"contract-player"}' | token_of)"
post /campaigns "$gm" '{"id":"cave","title":"Cave"}' >/dev/null
post /campaigns/cave/players "$gm" '{"account":"contract-player"}' >/dev/null
post /campaigns/cave/characters "$player" \
  '{"name":"Elmira","classes":[{"class":"wizard","level":5}],"abilities":{"int":16},"prepared":["magic-missile"]}' >/dev/null

run() { # run LABEL [HEADER]
  local label="$1"; shift
  echo "-- schemathesis as $label"
  "$st" --config-file "$here/schemathesis.toml" run "$base/openapi.json" "$@" \
    --checks all --max-examples "${CONTRACT_EXAMPLES:-10}" --seed 1 --workers 1 \
    --max-time "${CONTRACT_SECONDS:-150}"
}
run gm -H "Authorization: Bearer $gm"
run player -H "Authorization: Bearer $player"
run anonymous
