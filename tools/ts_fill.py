"""Fills a Qt .ts file's unfinished messages from other .ts files or from JSON.

    python tools/ts_fill.py resources/translations/tablelife_ru.ts words.json [other.ts ...]
    python tools/ts_fill.py --english resources/translations/tablelife_en.ts

The second form writes English's plural forms, which follow from the source text itself:
"%n turn(s)" is "%n turn" for one and "%n turns" for more (`make translations` runs it).

A JSON source is {"context": {"source text": "translation" or ["one", "few", "many"]}}.
A message is filled only when the source has a finished translation for the same context and
source text; finished translations in the target are kept unless --force. Prints what it
filled and what is still unfinished. Run `make translations` afterwards to build the .qm.
"""

from __future__ import annotations

import argparse
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

Translation = str | list[str]


def read_ts(path: Path) -> dict[tuple[str, str], Translation]:
    """The finished translations in a .ts file, by (context, source)."""
    found: dict[tuple[str, str], Translation] = {}
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            translation = message.find("translation")
            if translation is None or translation.get("type") in ("unfinished", "obsolete"):
                continue
            forms = [f.text or "" for f in translation.iter("numerusform")]
            if message.get("numerus") == "yes":
                if forms and all(forms):
                    found[(name, source)] = forms
            elif translation.text:
                found[(name, source)] = translation.text
    return found


def read_json(path: Path) -> dict[tuple[str, str], Translation]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {(c, s): t for c, messages in data.items() for s, t in messages.items()}


def fill(target: Path, sources: list[dict[tuple[str, str], Translation]], force: bool) -> int:
    """Fills `target` in place; returns how many messages are still unfinished."""
    known: dict[tuple[str, str], Translation] = {}
    for source in sources:
        known.update(source)
    tree = ET.parse(target)
    filled = left = 0
    for context in tree.getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            translation = message.find("translation")
            assert translation is not None
            finished = translation.get("type") is None
            new = known.get((name, source))
            if new is None or (finished and not force):
                left += translation.get("type") == "unfinished"
                continue
            numerus = message.get("numerus") == "yes"
            if numerus != isinstance(new, list):
                print(f"skipped (plural forms or not?): {name}: {source!r}", file=sys.stderr)
                left += 1
                continue
            for child in list(translation):
                translation.remove(child)
            if isinstance(new, list):
                translation.text = None
                for form in new:
                    ET.SubElement(translation, "numerusform").text = form
            else:
                translation.text = new
            translation.attrib.pop("type", None)
            filled += 1
    ET.indent(tree, "    ")
    body = ET.tostring(tree.getroot(), encoding="unicode")
    target.write_text(
        f'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n{body}\n', encoding="utf-8"
    )
    print(f"{target}: {filled} filled, {left} unfinished")
    return left


def english(target: Path) -> dict[tuple[str, str], Translation]:
    """The English plural forms of every plural message in `target`, from its source: "(s)"
    dropped for one, made "s" for more."""
    found: dict[tuple[str, str], Translation] = {}
    for context in ET.parse(target).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            if message.get("numerus") == "yes":
                source = message.findtext("source") or ""
                found[(name, source)] = [source.replace("(s)", ""), source.replace("(s)", "s")]
    return found


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("target", type=Path)
    parser.add_argument("sources", type=Path, nargs="*")
    parser.add_argument("--force", action="store_true", help="replace finished ones too")
    parser.add_argument(
        "--english", action="store_true", help="write English plural forms from the sources"
    )
    args = parser.parse_args(argv)
    if args.english:
        fill(args.target, [english(args.target)], force=True)
        return 0
    if not args.sources:
        parser.error("name the .ts or .json files to fill from")
    sources = [read_json(p) if p.suffix == ".json" else read_ts(p) for p in args.sources]
    fill(args.target, sources, args.force)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
