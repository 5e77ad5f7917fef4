#!/usr/bin/env bash
# TEMPORARY (issue 13, removed when the Russian file is complete): refreshes the .ts files from
# the code, fills tablelife_ru.ts from tools/ru/*.json, builds the .qm files. Serialised with
# flock so that several people can run it at once.
set -euo pipefail
cd "$(dirname "$0")/.."
exec 9>/tmp/tablelife-ts.lock
flock 9
make -s translations >/dev/null 2>&1 || make translations
shopt -s nullglob
jsons=(tools/ru/*.json)
if ((${#jsons[@]})); then
  .venv/bin/python tools/ts_fill.py resources/translations/tablelife_ru.ts "${jsons[@]}"
fi
.venv/bin/pyside6-lrelease -silent resources/translations/tablelife_ru.ts resources/translations/tablelife_en.ts
