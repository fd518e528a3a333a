"""The text catalogue: every entry in both languages, every key the code asks for
exists, and every entry is used somewhere (no dead text)."""
import re
from pathlib import Path

import pytest

from d2s_lab.text import CATALOGUE, LANGS, missing, t
from d2s_lab.text.lookup import AREAS

PKG = Path(__file__).resolve().parents[2] / "d2s_lab"
SOURCES = {p: p.read_text(encoding="utf-8") for p in sorted(PKG.rglob("*.py"))
           if "d2s_lab/text/" not in p.as_posix()}
ALL_SOURCE = "\n".join(SOURCES.values())

_LITERAL_CALL = re.compile(r"""(?<![\w.])(?:t|t_html)\(\s*(["'])([A-Za-z_][\w.]*)\1""")
_FSTRING_CALL = re.compile(r"""(?<![\w.])(?:t|t_html)\(\s*f(["'])([^"'{]*)\{""")
_QUOTED = re.compile(r"""(["'])([A-Za-z_][\w.-]*)\1""")

# Keys built at run time (f-strings, or a short key a module prefixes itself), with what
# the rest of the key is: each entry under such a prefix must be reachable that way.
DYNAMIC = {
    "transformers.": "a Paddle AST transformer's short name (tests/core/test_steps.py checks them)",
    "labs.op.": "an op kind of checks.OP_KINDS (or other) and a form: a, plural, bare",
    "labs.": "a check's sentence key, given to the checks' say / Fail / _record as a string literal",
    "rewrites.item.": "a Rewrite kind (numpy, item, cast, len, if) and made / why",
    "bench.runtime.": "a runtime of core.bench.result.RUNTIMES",
    "programs.build_hint.": "a program of core.other_programs.PROGRAMS",
    "hints.specific.": "a unit named by a string literal in the code",
    "hints.": "a hint id of core.diagnosis.hints, then title / text",
    "graph.category.": "an op category of core.graph.ops.CATEGORIES",
    "help.": "a magic's name, then doc (its description: d2s_lab.magics.help)",
    "breaks.": "an entry id of core.sot.breaks.CATALOGUE, then title / what / how / fix",
}


def _magic_names():
    from d2s_lab.magics import magic_classes

    return {name for cls in magic_classes() for table in cls.magics.values() for name in table}


def _literal_keys():
    return {m.group(2) for m in _LITERAL_CALL.finditer(ALL_SOURCE)}


def _dynamic_prefix(key: str):
    return next((p for p in sorted(DYNAMIC, key=len, reverse=True) if key.startswith(p)), None)


def test_every_entry_has_every_language():
    assert missing() == []
    for key, entry in CATALOGUE.items():
        assert set(entry) == set(LANGS), key
        assert all(isinstance(v, str) and v.strip() for v in entry.values()), key


def test_keys_start_with_their_area():
    import importlib

    for area in AREAS:
        for key in importlib.import_module(f"d2s_lab.text.tables.{area}").TEXTS:
            assert key.startswith(area + "."), (area, key)


def test_placeholders_agree_between_languages():
    fields = re.compile(r"\{(\w*)\}")
    for key, entry in CATALOGUE.items():
        en, zh = set(fields.findall(entry["en"])), set(fields.findall(entry["zh"]))
        # Chinese has no plural: only an English plural ending "{s}" may be left out
        assert en == zh or en == zh | {"s"}, key


def test_every_key_used_in_the_code_exists():
    unknown = sorted(k for k in _literal_keys() if k not in CATALOGUE)
    assert unknown == []
    prefixes = {m.group(2) for m in _FSTRING_CALL.finditer(ALL_SOURCE)}
    assert prefixes, "no dynamic keys found: is the scan still right?"
    assert sorted(p for p in prefixes if not _dynamic_prefix(p)) == []


def test_every_entry_is_used():
    from d2s_lab.core.bench.result import RUNTIMES
    from d2s_lab.core.graph.ops import CATEGORIES
    from d2s_lab.core.other_programs import PROGRAMS
    from d2s_lab.core.sot.breaks import CATALOGUE as BREAKS
    from d2s_lab.teaching.checks import OP_KINDS

    quoted = {m.group(2) for m in _QUOTED.finditer(ALL_SOURCE)}
    # a key written out whole counts wherever it is (a table of keys, a conditional's branch)
    used = _literal_keys() | quoted
    dead = []
    for key in CATALOGUE:
        if key in used:
            continue
        prefix = _dynamic_prefix(key)
        rest = key[len(prefix):] if prefix else None
        if prefix == "transformers.":
            ok = True
        elif prefix == "labs.op.":
            kind, _, form = rest.partition(".")
            ok = kind in (*OP_KINDS, "other") and form in ("a", "plural", "bare")
        elif prefix == "labs.":
            ok = rest in quoted
        elif prefix == "rewrites.item.":
            kind, _, part = rest.partition(".")
            ok = kind in quoted and part in ("made", "why")
        elif prefix == "bench.runtime.":
            ok = rest in RUNTIMES
        elif prefix == "programs.build_hint.":
            ok = rest in PROGRAMS
        elif prefix == "help.":
            ok = rest.endswith(".doc") and rest[:-len(".doc")] in _magic_names()
        elif prefix == "graph.category.":
            ok = rest in CATEGORIES
        elif prefix == "breaks.":
            sid, _, part = rest.partition(".")
            ok = sid in {e.id for e in BREAKS} and part in ("title", "what", "how", "fix")
        elif prefix:
            ok = rest.split(".", 1)[0] in quoted
        else:
            ok = False
        if not ok:
            dead.append(key)
    assert dead == [], len(dead)


def test_fallback_rule():
    key = next(iter(CATALOGUE))
    assert t(key, "en") == CATALOGUE[key]["en"] and t(key, "zh") == CATALOGUE[key]["zh"]
    with pytest.raises(KeyError):
        t("no.such.key")
    assert t("report.line_of", "en", file="a.py", line=3) == "a.py line 3"
    assert t("report.line_of", "zh", file="a.py", line=3) == "a.py 第 3 行"


def test_op_words_and_line_words_read_as_before():
    from d2s_lab.teaching.checks import op_words

    assert op_words("pd_op.while", "en") == "a while loop (`while` op)"
    assert op_words("while", "en", "plural") == "while loops"
    assert op_words("matmul", "en") == "`matmul` ops"
    assert op_words("matmul", "en", "bare") == "`matmul` op"
    assert op_words("matmul", "zh", "bare") == " `matmul` 算子"
    assert op_words("cast", "zh") == " `cast`（类型转换）算子"
