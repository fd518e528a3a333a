"""``d2s-lab labs``: the teaching labs as student and teacher copies; HTML handouts with ``--run``.

    d2s-lab labs --out my_labs                              # every lab, English and Chinese copies
    python -m d2s_lab.teaching.handouts --out my_labs       # the same
    d2s-lab labs --out my_labs --run                        # also run them and write HTML handouts
    d2s-lab labs --run --quick --lang en                    # CI: quick mode, English only
    d2s-lab labs --only 02 --lang zh                        # one lab
    d2s-lab labs --labs my_own_labs/ --run                  # your own labs, written the same way

The labs come with the package (``d2s_lab/teaching/notebooks/labs/NN_*.ipynb``):
bilingual teacher notebooks (markdown cells tagged ``en`` or ``zh``), with the answers
in cells tagged ``solution`` and the self-checks in cells tagged ``check``. For each lab
and language this writes, under ``--out`` (default ``./d2s_lab_labs``; never inside the
installed package):

* ``student/NN_name.LANG.ipynb``: the student copy: outputs cleared, each solution
  replaced by a "your code here" placeholder (or the cell's starter code);
* ``teacher/NN_name.LANG.ipynb``: the lab with its solutions (with ``--run``: executed,
  and signed as a live run is);
* with ``--run``: ``NN_name.LANG.html``, the handout, the lab executed with its
  solutions in a fresh kernel of this Python and exported by nbconvert. It reads
  offline and without JavaScript (no scripts from the internet, graphs as inline SVG);
  and ``summary.json`` (run time, checks passed);
* ``index.html``: links to all of them.

Both copies ask for the ``python3`` kernel, which every Jupyter has. With ``--run``,
exit status 1 when a cell raised or a self-check did not pass: with their solutions,
every check of every lab must pass.
"""
from __future__ import annotations

import argparse
import copy
import html
import importlib.util
import json
import os
import re
import sys
import time
from pathlib import Path
from typing import Dict, List, Optional

from d2s_lab.core.options import DEFAULT_LABS_OUT, localize_parser
from d2s_lab.teaching.checks.record import cell_records
from d2s_lab.text import t

PACKAGE_DIR = Path(__file__).resolve().parents[1]
NOTEBOOKS_DIR = Path(__file__).resolve().parent / "notebooks"
LABS_DIR = NOTEBOOKS_DIR / "labs"
DEFAULT_OUT = DEFAULT_LABS_OUT
# The kernel the copies ask for: every Jupyter has it (the labs' own kernel need not exist).
PLAIN_KERNELSPEC = {"name": "python3", "display_name": "Python 3", "language": "python"}
LANGS = ("en", "zh")
SOLUTION_TAG, CHECK_TAG = "solution", "check"
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
_LANG_LINE = re.compile(r"^%d2s_lang\s+\S+\s*$", re.M)

# nbconvert's lab template without what would be fetched from the internet (require.js,
# MathJax, Mermaid, the widget manager): a handout reads offline and without scripts.
_OFFLINE_TEMPLATE = """{%- extends 'index.html.j2' -%}
{%- block html_head_js -%}{%- endblock html_head_js -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
{% block jupyter_widgets %}{% endblock jupyter_widgets %}
"""


def lab_files(folder: Path = LABS_DIR, only: Optional[List[str]] = None) -> List[Path]:
    """The lab notebooks, in course order (``NN_name.ipynb``); with ``only``, those whose
    number (``02``), name (``02_control_flow``) or name's start is listed."""
    paths = sorted(p for p in Path(folder).glob("[0-9][0-9]_*.ipynb") if p.is_file())
    if not only:
        return paths
    return [p for p in paths
            if any(p.stem == o or p.stem.startswith(f"{o}_") or p.stem.split("_", 1)[0] == o for o in only)]


def cell_tags(cell) -> List[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def read_lab(path):
    import nbformat

    return nbformat.read(str(path), as_version=4)


def localize(nb, lang: str):
    """A copy of the bilingual notebook ``nb`` in one language: markdown cells tagged for
    the other language are dropped, and the setup cell's ``%d2s_lang`` line is set."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; use one of {', '.join(LANGS)}")
    out = copy.deepcopy(nb)
    others = set(LANGS) - {lang}
    out.cells = [c for c in out.cells if not (others & set(cell_tags(c)))]
    for c in out.cells:
        if c.cell_type == "code":
            c.source = _LANG_LINE.sub(f"%d2s_lang {lang}", c.source)
    out.metadata.setdefault("d2s_lab", {})["lang"] = lang
    out.metadata["kernelspec"] = dict(PLAIN_KERNELSPEC)
    return out


def _strip_solution(source: str, placeholder: str) -> str:
    """``source`` with each BEGIN/END SOLUTION region replaced by ``placeholder``
    (indented as the BEGIN line)."""
    lines, out, inside = source.splitlines(), [], False
    for line in lines:
        stripped = line.strip()
        if stripped.startswith(BEGIN):
            inside = True
            out.append(line[: len(line) - len(line.lstrip())] + placeholder)
        elif stripped.startswith(END):
            inside = False
        elif not inside:
            out.append(line)
    return "\n".join(out)


def without_markers(nb):
    """A copy of ``nb`` without the BEGIN/END SOLUTION marker lines (what is executed
    and handed out: the worked lab)."""
    out = copy.deepcopy(nb)
    for c in out.cells:
        if c.cell_type == "code" and BEGIN in c.source:
            c.source = "\n".join(ln for ln in c.source.splitlines()
                                 if not ln.strip().startswith((BEGIN, END)))
    return out


def student_copy(nb, lang: str):
    """The student's copy of a (localized) teacher notebook: outputs and execution counts
    cleared; each ``solution`` cell's answer replaced by its starter code (cell metadata
    ``d2s_lab.student``), else by the BEGIN/END SOLUTION regions' placeholder, else by a
    placeholder cell."""
    out = copy.deepcopy(nb)
    placeholder = t("labs.placeholder", lang)
    for c in out.cells:
        if c.cell_type != "code":
            continue
        c.outputs, c.execution_count = [], None
        meta = c.metadata
        if SOLUTION_TAG in cell_tags(c):
            starter = meta.get("d2s_lab", {}).get("student")
            if starter is not None:
                c.source = starter
            elif BEGIN in c.source:
                c.source = _strip_solution(c.source, placeholder)
            else:
                c.source = placeholder
            meta["tags"] = [tag for tag in cell_tags(c) if tag != SOLUTION_TAG] + ["exercise"]
            meta.pop("d2s_lab", None)
    out.metadata.get("d2s_lab", {}).pop("solutions", None)
    return out


def check_verdict(cell) -> str:
    """The verdict a saved self-check cell shows: ``pass``, ``fail``, ``partial`` (some
    parts cannot be checked on this Paddle) or ``none`` (no self-check box). Read from the
    boxes' JSON records (``application/vnd.d2s-lab.check+json``); one that failed wins."""
    found = [r["verdict"] for r in cell_records(cell) if r["verdict"] in ("pass", "fail", "partial")]
    return "fail" if "fail" in found else (found[-1] if found else "none")


def check_outcomes(nb) -> Dict[str, object]:
    """What the executed notebook's self-check cells and errors say: ``{"checks": n,
    "passed": n, "partial": n, "failed": [cell numbers], "errors": [cell numbers]}``
    (cells numbered from 1 among code cells; a check cell without a box counts as failed)."""
    checks, passed, partial, failed, errors = 0, 0, 0, [], []
    code = [c for c in nb.cells if c.cell_type == "code"]
    for k, c in enumerate(code, 1):
        outputs = c.get("outputs", [])
        if any(o.get("output_type") == "error" for o in outputs):
            errors.append(k)
        if CHECK_TAG in cell_tags(c):
            checks += 1
            verdict = check_verdict(c)
            if verdict == "pass":
                passed += 1
            elif verdict == "partial":
                partial += 1
            else:
                failed.append(k)
    return {"checks": checks, "passed": passed, "partial": partial, "failed": failed, "errors": errors}


def execute(nb, work_dir: Path, quick: bool = False, cell_timeout: int = 300, progress: bool = True,
            allow_errors: bool = False):
    """Run ``nb`` in a fresh ``d2s_lab`` kernel of this Python (cwd ``work_dir``;
    ``$D2S_OUT`` = ``work_dir``, ``$D2S_QUICK`` from ``quick``); return the executed
    notebook and the seconds it took. Raises nbclient's CellExecutionError when a cell
    fails, unless ``allow_errors``."""
    from nbclient import NotebookClient

    from d2s_lab.teaching.demo import venv_kernel_manager

    work_dir = Path(work_dir).resolve()
    work_dir.mkdir(parents=True, exist_ok=True)
    nb = copy.deepcopy(nb)
    env = dict(os.environ, D2S_OUT=str(work_dir), D2S_QUICK="1" if quick else "0",
               GLOG_minloglevel=os.environ.get("GLOG_minloglevel", "2"),
               MPLBACKEND="module://matplotlib_inline.backend_inline")
    code_cells = [i for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    t0 = time.perf_counter()

    def on_cell_execute(cell, cell_index, **_):
        if progress and cell_index in code_cells:
            first = next((ln for ln in cell.source.splitlines() if ln.strip()), "")
            print(t("install.progress_cell", s=f"{time.perf_counter() - t0:5.1f}", k=code_cells.index(cell_index) + 1,
                    n=len(code_cells), first=first[:64]), flush=True)

    client = NotebookClient(nb, km=venv_kernel_manager(), timeout=cell_timeout, allow_errors=allow_errors,
                            resources={"metadata": {"path": str(work_dir)}},
                            on_cell_execute=on_cell_execute)
    try:
        client.execute(env=env, cleanup_kc=True)  # our own KernelManager: shut its kernel down too
    except Exception as exc:
        exc.notebook = nb  # executed up to the failing cell
        raise
    return nb, time.perf_counter() - t0


def handout_html(nb, path) -> str:
    """The executed notebook as one HTML file that reads offline: nbconvert's lab
    template without scripts from the internet; graphs stay inline SVG."""
    from jinja2 import DictLoader
    from nbconvert import HTMLExporter

    exporter = HTMLExporter(extra_loaders=[DictLoader({"d2s_handout.html.j2": _OFFLINE_TEMPLATE})],
                            template_file="d2s_handout.html.j2")
    body, _ = exporter.from_notebook_node(nb)
    Path(path).write_text(body, encoding="utf-8")
    return str(path)


def _title(nb, lang: str, fallback: str) -> str:
    return nb.metadata.get("d2s_lab", {}).get("title", {}).get(lang) or fallback


def _index_page(rows: List[dict]) -> str:
    def link(href, text):
        return f'<a href="{html.escape(href, quote=True)}">{html.escape(text)}</a>'

    def cell(r, key, text):
        return link(r[key], text) if r.get(key) else "-"

    body = "".join(
        f"<tr><td>{html.escape(r['lab'])}</td><td>{html.escape(r['lang'])}</td>"
        f"<td>{html.escape(r['title'])}</td><td>{cell(r, 'handout', 'handout')}</td>"
        f"<td>{cell(r, 'student', 'student copy')}</td><td>{cell(r, 'teacher', 'teacher copy')}</td>"
        f"<td>{'-' if r.get('seconds') is None else format(r['seconds'], '.0f') + ' s'}</td>"
        f"<td>{'-' if r.get('checks') is None else str(r['passed']) + '/' + str(r['checks'])}</td></tr>"
        for r in rows)
    return ("<!doctype html><meta charset='utf-8'><title>d2s_lab teaching labs</title>"
            "<style>body{font-family:sans-serif;margin:2em}td,th{border:1px solid #ccc;padding:3px 8px}"
            "table{border-collapse:collapse}</style><h1>d2s_lab teaching labs · 动转静教学实验</h1>"
            "<table><tr><th>lab</th><th>lang</th><th>title</th><th>handout</th><th>student</th>"
            f"<th>teacher</th><th>run time</th><th>checks</th></tr>{body}</table>")


def build(out: Path, langs=LANGS, only: Optional[List[str]] = None, quick: bool = False,
          progress: bool = True, folder: Path = LABS_DIR, run: bool = True) -> List[dict]:
    """Write the student copy and the teacher copy of every lab of ``folder`` (or those
    whose number or name is in ``only``) in each language under ``out``; with ``run``,
    run each teacher copy and write it executed, with its HTML handout.
    Returns one summary row per lab and language."""
    import nbformat

    out = Path(out).resolve()
    for sub in ("teacher", "student") + (("work",) if run else ()):
        (out / sub).mkdir(parents=True, exist_ok=True)
    rows = []
    for path in lab_files(folder, only):
        stem = path.stem
        source = read_lab(path)
        for lang in langs:
            name = f"{stem}.{lang}"
            teacher = localize(source, lang)
            nbformat.write(student_copy(teacher, lang), str(out / "student" / f"{name}.ipynb"))
            teacher = without_markers(teacher)
            if not run:
                nbformat.write(teacher, str(out / "teacher" / f"{name}.ipynb"))
                rows.append({"lab": stem, "lang": lang, "title": _title(source, lang, stem),
                             "student": f"student/{name}.ipynb", "teacher": f"teacher/{name}.ipynb"})
                continue
            from nbformat.sign import NotebookNotary

            if progress:
                print(t("install.progress_running", name=name,
                        mode=t("install.mode_quick") if quick else t("install.mode_full")), flush=True)
            error, started = "", time.perf_counter()
            try:
                executed, seconds = execute(teacher, out / "work" / name, quick=quick, progress=progress)
            except Exception as exc:  # a failing cell: keep what ran, report it
                executed = getattr(exc, "notebook", None) or teacher
                seconds, error = time.perf_counter() - started, f"{type(exc).__name__}: {str(exc)[-1500:]}"
            NotebookNotary().sign(executed)
            nbformat.write(executed, str(out / "teacher" / f"{name}.ipynb"))
            handout_html(executed, out / f"{name}.html")
            res = check_outcomes(executed)
            row = {"lab": stem, "lang": lang, "title": _title(source, lang, stem), "seconds": seconds,
                   "handout": f"{name}.html", "student": f"student/{name}.ipynb",
                   "teacher": f"teacher/{name}.ipynb", "error": error, **res}
            rows.append(row)
            if progress:
                status = t("install.status_ok") if _ok(row) else t("install.status_failed")
                print(t("install.progress_done", name=name, status=status, s=f"{seconds:.1f}", passed=res["passed"],
                        checks=res["checks"])
                      + (t("install.progress_failed_cells", cells=res["failed"]) if res["failed"] else "")
                      + (t("install.progress_error_cells", cells=res["errors"]) if res["errors"] else "")
                      + (f"\n    {error}" if error else ""), flush=True)
    (out / "index.html").write_text(_index_page(rows), encoding="utf-8")
    if run:
        (out / "summary.json").write_text(json.dumps(rows, indent=1, ensure_ascii=False), encoding="utf-8")
    return rows


def _ok(row: dict) -> bool:
    return not row["error"] and not row["errors"] and not row["failed"] and row["checks"] > 0 \
        and row["passed"] + row["partial"] == row["checks"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``d2s-lab labs`` and ``python -m d2s_lab.teaching.handouts``."""
    parser.add_argument("--out", default=DEFAULT_OUT,
                        help="help.cli.labs.out")
    parser.add_argument("--lang", default=",".join(LANGS), help="help.cli.labs.lang")
    parser.add_argument("--only", default="", help="help.cli.labs.only")
    parser.add_argument("--run", action="store_true",
                        help="help.cli.labs.run")
    parser.add_argument("--quick", action="store_true",
                        help="help.cli.labs.quick")
    parser.add_argument("--labs", default=str(LABS_DIR),
                        help="help.cli.labs.labs")


def is_inside(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder)
    except ValueError:
        return False
    return True


def _missing_for_run() -> List[str]:
    return [m for m in ("nbclient", "nbconvert", "ipykernel", "jupyter_client")
            if importlib.util.find_spec(m) is None]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m d2s_lab.teaching.handouts", description="help.cli.labs.description")
    add_arguments(parser)
    args = localize_parser(parser).parse_args(argv)
    return run_command(args, parser.error)


def run_command(args, error=None) -> int:
    """Carry out parsed :func:`add_arguments` options; returns the exit status."""
    langs = [x.strip() for x in args.lang.split(",") if x.strip()]
    bad = [x for x in langs if x not in LANGS]
    if bad or not langs:
        message = t("install.lang_use", langs=", ".join(LANGS))
        if error is not None:
            error(message)
        print(message, file=sys.stderr)
        return 2
    only = [x.strip() for x in args.only.split(",") if x.strip()] or None
    out = Path(args.out).resolve()
    if is_inside(out, PACKAGE_DIR):
        print(t("install.out_inside_package", path=out), file=sys.stderr)
        return 2
    if args.run and _missing_for_run():
        print(t("install.run_needs_nbclient", missing=", ".join(_missing_for_run())), file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    rows = build(out, langs, only, quick=args.quick, folder=Path(args.labs), run=args.run,
                 progress=args.run)
    if not rows:
        print(t("install.no_lab_matched", names=", ".join(p.stem for p in lab_files(Path(args.labs)))), file=sys.stderr)
        return 1
    print(t("install.labs_written", n=len({r["lab"] for r in rows}), langs=", ".join(langs), path=out))
    if not args.run:
        print(t("install.labs_run_hint"))
        return 0
    failed = [f"{r['lab']}.{r['lang']}" for r in rows if not _ok(r)]
    print("\n" + t("install.runs_done", n=len(rows), s=f"{time.perf_counter() - t0:.0f}", path=out))
    for r in rows:
        partial = t("install.partial", n=r["partial"]) if r["partial"] else ""
        print(t("install.run_line", lab=f"{r['lab']}.{r['lang']}", s=f"{r['seconds']:5.1f}", passed=r["passed"],
                checks=r["checks"], partial=partial))
    if failed:
        print(t("install.not_passing", labs=", ".join(failed)), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
