"""The package's shape: Paddle internals in one package, no private names across
modules, core free of viz at import time, viz importable without Paddle, colours named
in one module.

import-linter (``lint-imports`` in ``make test``) checks the layers and cycles; these
tests check what it cannot see: attribute chains into Paddle's internals and the
names imported from other modules.
"""
import ast
import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
PKG = ROOT / "d2s_lab"
COMPAT = PKG / "core" / "paddle_compat"
# Paddle's private or version-dependent homes; only paddle_compat may reach them.
INTERNALS = ("paddle.jit.dy2static", "paddle.jit.sot", "paddle.jit.api", "paddle.base",
             "paddle.fluid", "paddle.pir", "paddle.framework", "libpaddle")


def _modules(folder=PKG):
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def _dotted(node) -> str:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return ".".join(reversed(parts))


def _internal_uses(path, root=ROOT):
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.Attribute):
            names = [_dotted(node)]
        for n in names:
            if any(n == i or n.startswith(i + ".") or f".{i}" in n for i in INTERNALS):
                found.append(f"{path.relative_to(root)}:{node.lineno}: {n}")
    return found


def test_only_paddle_compat_reaches_paddle_internals():
    outside = [p for p in _modules() if COMPAT not in p.parents]
    found = [hit for p in outside for hit in _internal_uses(p)]
    assert found == []
    # the check itself sees internals where they are used
    assert any(_internal_uses(p) for p in _modules(COMPAT))


def _private_imports(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return [f"{path.relative_to(ROOT)}:{node.lineno}: {node.module}.{a.name}"
            for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
            for a in node.names
            if a.name.startswith("_") and not a.name.startswith("__")
            and (node.level > 0 or (node.module or "").startswith("d2s_lab"))]


def test_no_private_names_imported_across_modules():
    files = _modules() + _modules(ROOT / "tests") + _modules(ROOT / "benchmarks")
    assert [hit for p in files for hit in _private_imports(p)] == []


def test_core_does_not_import_viz_or_ipython_at_module_level():
    hits = []
    for path in _modules(PKG / "core"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:  # module level only: display hooks import viz when called
            mods = []
            if isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                mods = [("." * node.level) + (node.module or "")]
            for m in mods:
                if "viz" in m.split(".") or m.split(".")[0] in ("IPython", "ipywidgets"):
                    hits.append(f"{path.relative_to(ROOT)}:{node.lineno}: {m}")
    assert hits == []


def _viz_modules():
    return [".".join(p.relative_to(ROOT).with_suffix("").parts) for p in _modules(PKG / "viz")
            if p.stem != "__init__"]


def test_every_viz_module_imports_without_paddle():
    mods = _viz_modules()
    assert len(mods) >= 10
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('paddle', 'paddle2onnx', 'onnxruntime'):\n"
        "            raise ImportError('blocked: ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import importlib\n"
        f"for m in {mods!r}:\n"
        "    importlib.import_module(m)\n"
        "assert not any(k.split('.')[0] == 'paddle' for k in sys.modules), 'paddle was imported'\n"
        "print('ok', len(" + repr(mods) + "))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.startswith("ok")


@pytest.mark.parametrize("source, expected", [
    ("from paddle.base import core\n", ["paddle.base"]),
    ("import paddle\nx = paddle.jit.dy2static.program_translator\n", ["paddle.jit.dy2static"]),
    ("import paddle\npaddle.jit.to_static(f)\n", []),
])
def test_internal_use_detector(tmp_path, source, expected):
    # the structure check above must see what it claims to forbid
    path = tmp_path / "m.py"
    path.write_text(source)
    found = [h.rsplit(": ", 1)[1] for h in _internal_uses(path, root=tmp_path)]
    assert [any(f.startswith(e) for f in found) for e in expected] == [True] * len(expected)
    if not expected:
        assert found == []


def test_the_paddle_import_contract_covers_the_whole_package_by_pattern():
    # A new module is covered without editing the contract: the source is the package
    # itself and the only exceptions are patterns (paddle_compat) and the example models.
    import tomllib

    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text())
    (contract,) = [c for c in cfg["tool"]["importlinter"]["contracts"]
                   if c["name"].startswith("Only core.paddle_compat")]
    assert contract["source_modules"] == ["d2s_lab"]
    assert all(rule.startswith(("d2s_lab.core.paddle_compat", "d2s_lab.teaching.examples "))
               for rule in contract["ignore_imports"])


def test_no_folder_holds_three_modules_with_one_name_prefix():
    # Families of modules live in a folder named for the family, not side by side.
    from collections import Counter

    for folder in [PKG, *[p for p in PKG.rglob("*") if p.is_dir() and p.name != "__pycache__"]]:
        stems = [p.stem for p in folder.glob("*.py") if p.stem != "__init__"]
        prefixes = Counter(s.split("_")[0] for s in stems if "_" in s)
        prefixes.update(s for s in stems if any(o.startswith(s + "_") for o in stems))
        assert [p for p, n in prefixes.items() if n >= 3] == [], folder


COLOR_LITERAL = re.compile(r"#[0-9a-fA-F]{6}\b")


def test_colours_are_written_only_in_the_palette():
    # Every other module names its colours (TEXT, BORDER, PASS_COLOR...) from
    # viz/palette.py: one edit there recolours every view, the teaching pages included.
    palette = PKG / "viz" / "palette.py"
    hits = [f"{p.relative_to(ROOT)}:{n}: {c}" for p in _modules() if p != palette
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
            for c in COLOR_LITERAL.findall(line)]
    assert hits == []
    # the pattern sees the colours where they are written
    assert len(COLOR_LITERAL.findall(palette.read_text(encoding="utf-8"))) > 20
