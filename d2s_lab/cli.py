"""``d2s-lab``: the notebook's views from a terminal, for scripts, CI and handouts.

    d2s-lab graph  MODULE:OBJ --input "x: [None,3,32,32] float32" -o out.svg
    d2s-lab steps  MODULE:FUNC -o steps.html
    d2s-lab show   model.json -o model.svg
    d2s-lab report MODULE:OBJ --input "x: [None,3,32,32] float32" -o report.html
    d2s-lab bench  MODULE:OBJ --input "x: [None,3,32,32] float32" --batch 1,20
    d2s-lab bench  MODULE:OBJ --input "input_ids: [None, None] int64" --dim 1=128 --budget 300
    d2s-lab profile MODULE:OBJ --input "x: [None,3,32,32] float32" --calls 20 -o profile.html
    d2s-lab watch  train.py [ARGS...] --html watch.html
    d2s-lab labs   --out my_labs [--run]
    d2s-lab labs   --nbgrader my_course;  d2s-lab labs report my_course

MODULE is an importable module (``d2s_lab.teaching.examples``) or a ``.py`` file; OBJ is a
Layer instance, a Layer class (created with no arguments) or a function in it.
Errors go to stderr with a non-zero exit status.
"""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import sys
import warnings
from typing import List, Optional

from d2s_lab.core.bench.runner import bench
from d2s_lab.core.convert import convert
from d2s_lab.core.guarded_run import RUNAWAY_RUNS
from d2s_lab.core.modes import resolve_mode
from d2s_lab.errors import ConversionError, D2SError
from d2s_lab.core.dims import Dims
from d2s_lab.core.options import (ViewOptions, add_options, check_bench_args, check_positive_int, localize_parser,
                                  parse_depth, program_options)
from d2s_lab.core.paddle_compat import require_paddle
from d2s_lab.core.profile.runner import profile
from d2s_lab.core.paddle_compat.targets import is_layer_class
from d2s_lab.core.saved.model import read_saved
from d2s_lab.core.graph.shapes import format_shape
from d2s_lab.core.specs import one_description
from d2s_lab.core.steps import capture_source, capture_steps
from d2s_lab.text import set_lang, t
from d2s_lab.text.lang import get_lang, using_lang
from d2s_lab.viz.bench_view import figure_bytes, text_progress
from d2s_lab.viz.saved_view import draw, saved_html
from d2s_lab.viz.source_view import layer_source_html
from d2s_lab.viz.standalone import html_document, report_page
from d2s_lab.viz.steps_view import steps_static_html


class CLIError(D2SError):
    """A problem with the command line (a bad MODULE:OBJ, output path, ...)."""


def _quiet_paddle() -> None:
    os.environ.setdefault("GLOG_minloglevel", "2")
    warnings.filterwarnings("ignore", category=UserWarning)
    warnings.filterwarnings("ignore", category=DeprecationWarning)


def load_object(target: str):
    """``MODULE:OBJ`` -> ``(object, display_name)``. Layer classes are instantiated."""
    _module, obj, attr = _load(target)
    return obj, attr


def _load(target: str):
    """``MODULE:OBJ`` -> ``(module, object, display_name)``."""
    module_part, sep, attr = target.rpartition(":")
    if not sep or not module_part or not attr:
        raise CLIError(t("cli.not_target", target=repr(target)), t("cli.not_target_hint"))
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        if module_part.endswith(".py") or os.sep in module_part:
            path = os.path.abspath(module_part)
            if not os.path.isfile(path):
                raise CLIError(t("cli.no_file", path=module_part))
            name = os.path.splitext(os.path.basename(path))[0]
            spec = importlib.util.spec_from_file_location(name, path)
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            spec.loader.exec_module(module)
        else:
            module = importlib.import_module(module_part)
    except CLIError:
        raise
    except ImportError as exc:
        raise CLIError(t("cli.cannot_import", module=module_part, error=exc), t("cli.cannot_import_hint")) from None
    except Exception as exc:
        raise CLIError(t("cli.import_raised", module=module_part, error=f"{type(exc).__name__}: {exc}")) from None
    obj = module
    for part in attr.split("."):
        if not hasattr(obj, part):
            names = ", ".join(n for n in dir(module) if not n.startswith("_"))[:300]
            raise CLIError(t("cli.no_attr", module=module_part, attr=attr), t("cli.it_defines", names=names))
        obj = getattr(obj, part)
    if is_layer_class(obj):
        try:
            obj = obj()
        except TypeError as exc:
            raise CLIError(t("cli.needs_args", attr=attr, error=exc), t("cli.needs_args_hint")) from None
    return module, obj, attr


def load_model(args):
    """The model named on the command line and its input description (``--input`` or
    ``--spec``, evaluated in the model's module with ``paddle`` and ``InputSpec`` at hand)."""
    module, obj, name = _load(args.target)
    spec = None
    if getattr(args, "spec", None):
        paddle = require_paddle()
        ns = {"paddle": paddle, "InputSpec": paddle.static.InputSpec, **vars(module)}
        try:
            spec = eval(args.spec, ns)  # the user's own expression, in their module
        except Exception as exc:
            raise CLIError(t("cli.spec_raised", spec=args.spec, error=f"{type(exc).__name__}: {exc}"),
                           t("cli.spec_hint")) from None
    return obj, name, one_description(args.input, spec)




def _write(path: str, data, what: str) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(folder, exist_ok=True)
        mode = "wb" if isinstance(data, bytes) else "w"
        with open(path, mode, **({} if mode == "wb" else {"encoding": "utf-8"})) as fh:
            fh.write(data)
    except OSError as exc:
        raise CLIError(t("cli.cannot_write", path=path, error=exc.strerror or exc)) from None
    print(t("cli.wrote", what=what, path=path, size=f"{os.path.getsize(path):,}"), file=sys.stderr)


GRAPH_FILES = (".svg", ".png", ".dot", ".gv", ".pdf")  # what a drawing can be saved as


def _save_view(view, out: str) -> None:
    if not out.lower().endswith(GRAPH_FILES):
        raise CLIError(t("cli.bad_graph_output", out=out))
    try:
        view.save(out)
    except D2SError:
        raise
    except Exception as exc:
        raise CLIError(t("cli.cannot_write", path=out, error=f"{type(exc).__name__}: {exc}")) from None
    print(t("cli.wrote", what=t("cli.what_graph"), path=out, size=f"{os.path.getsize(out):,}"), file=sys.stderr)


def _graph_view(graph, args):
    view, why = draw(graph, **ViewOptions.from_args(args).as_dict())
    if view is None:
        raise CLIError(why)
    return view


def cmd_graph(args) -> int:
    obj, name, spec = load_model(args)
    # the path %%to_static takes (Paddle's default unless --mode, $D2S_MODE say otherwise);
    # the default path (SOT) builds its subgraphs while the model runs: it runs once
    mode = resolve_mode(args.mode)[0]
    conv = convert(obj, input_spec=spec, mode=mode, run=mode == "sot", name=name)
    view = _graph_view(conv.program_graph(args.program, **program_options(args)), args)
    if args.output:
        _save_view(view, args.output)
    else:
        sys.stdout.write(view.dot)
    return 0


def cmd_steps(args) -> int:
    obj, name = load_object(args.target)
    if args.source:
        src = capture_source(obj, args.layer)
        if args.output:
            _write(args.output, html_document(layer_source_html(src), t("cli.steps_title", name=src.name)),
                   t("cli.what_steps"))
        else:
            sys.stdout.write(src.transformed_source)
        return 0
    steps = capture_steps(obj, args.layer)
    if args.output:
        _write(args.output, html_document(steps_static_html(steps, args.lang),
                                          t("cli.steps_title", name=name)), t("cli.what_steps"))
    else:
        for k, s in enumerate(steps):
            mark = t("cli.mark_original") if s.is_original else t("steps.changed" if s.changed else "steps.unchanged")
            print(f"{k:2d} {s.transformer:28} {mark}")
    return 0


def cmd_show(args) -> int:
    parse_depth(args.depth)
    sm = read_saved(args.path)
    for note in sm.notes:
        print(t("cli.note", note=note), file=sys.stderr)
    programs = [("", sm)] + list(sm.methods.items())
    out = args.output
    if not out:
        for method, one in programs:
            if method:
                print("\n" + t("cli.method", method=method, path=one.path))
            print(one.summary())
            for op in one.graph.iter_ops():
                shapes = ", ".join(format_shape(one.graph.values[v].shape) for v in op.outputs
                                   if v in one.graph.values)
                print(f"  {op.name:36} -> {shapes}")
        return 0
    if out.lower().endswith((".html", ".htm")):
        _write(out, html_document(saved_html(sm, depth=parse_depth(args.depth)),
                                  t("saved.title", name=os.path.basename(sm.path))), t("cli.what_saved"))
        return 0
    stem, ext = os.path.splitext(out)
    if ext.lower() not in GRAPH_FILES:
        raise CLIError(t("cli.bad_show_output", out=out))
    for method, one in programs:  # x.svg for forward, x.embed.svg for embed, ...
        _save_view(_graph_view(one.graph, args), f"{stem}.{method}{ext}" if method else out)
    return 0


def cmd_report(args) -> int:
    dims = Dims.parse(args.dim)
    obj, name, spec = load_model(args)

    failed = None
    try:
        conv = convert(obj, input_spec=spec, mode=args.mode, name=name, dims=dims)
    except ConversionError as exc:
        if exc.conversion is None:
            raise
        conv = exc.conversion
        failed = exc
    steps = None
    if not args.no_steps:
        try:
            steps = capture_steps(obj)
        except Exception as exc:  # the report still shows everything else
            conv.notes.append(t("cli.steps_failed", error=f"{type(exc).__name__}: {exc}"))
    conv.view = ViewOptions.from_args(args)
    _write(args.output, report_page(conv, steps=steps, lang=args.lang, depth=conv.view.depth),
           t("cli.what_report"))
    if failed is not None:
        print(t("cli.conversion_failed", message=failed.message), file=sys.stderr)
        return 1
    return 0


def cmd_bench(args) -> int:
    batches = check_bench_args(args)
    obj, name, spec = load_model(args)
    runtimes = [r.strip() for r in args.runtimes.split(",")] if args.runtimes else None
    res = bench(obj, batch=batches, threads=args.threads, train=args.train, device=args.device,
                input_spec=spec, runtimes=runtimes, repeat=args.repeat,
                min_time=args.min_time, progress=text_progress(sys.stderr), name=name,
                dims=args.dims, budget=args.budget)
    print(res)
    if args.output:
        out = args.output
        if out.lower().endswith((".html", ".htm")):

            _write(out, html_document(res._repr_html_(), t("cli.bench_title", name=name)), t("cli.what_benchmark"))
        elif out.lower().endswith((".png", ".svg", ".pdf")):
            try:
                chart = figure_bytes(res, out.rsplit(".", 1)[1].lower())
            except ImportError:
                raise CLIError(t("install.chart_file_missing")) from None
            _write(out, chart, t("cli.what_chart"))
        else:
            raise CLIError(t("cli.bad_bench_output", out=out))
    return 0


def cmd_profile(args) -> int:
    calls = check_positive_int(args.calls, "--calls")
    obj, name, spec = load_model(args)
    conv = convert(obj, input_spec=spec, mode=args.mode, name=name, dims=args.dim)
    res = profile(conv, calls=calls, train=args.train, device=args.device, budget=args.budget, name=name,
                  whatif=args.whatif)
    print(res)
    if args.output:
        if not args.output.lower().endswith((".html", ".htm")):
            raise CLIError(t("profile.bad_output", out=args.output))
        _write(args.output, html_document(res._repr_html_(), t("profile.page_title", name=name)),
               t("cli.what_report"))
    return 0


def _split_watch_args(args) -> None:
    """``d2s-lab watch SCRIPT [ARGS...] --html OUT``: d2s-lab's own ``--html`` and
    ``--lang`` may follow the script's arguments (not after a ``--``, which ends them)."""
    rest, mine, i = list(args.script_args), [], 0
    while i < len(rest):
        if rest[i] == "--":
            rest = rest[:i] + rest[i + 1:]
            break
        if rest[i] in ("--html", "--lang", "--record") and i + 1 < len(rest):
            mine.append((rest[i], rest[i + 1]))
            del rest[i:i + 2]
            continue
        i += 1
    for flag, value in mine:
        if flag == "--html":
            args.html = value
        elif flag == "--record":
            args.record = value
        else:
            args.lang = value
            set_lang(value)
    args.script_args = rest


STATUS_EVERY = 1.0  # seconds between two updates of the watch's status line on a terminal


class TerminalStatus:
    """The watch's one-line live status on a terminal (``stream``, stderr): rewritten in
    place (``\\r``), cut to the terminal's width, erased when the run ends. Nothing is
    written where ``stream`` is not a terminal (a file, a pipe, CI's log)."""

    def __init__(self, stream):
        try:
            self.stream = stream if stream.isatty() else None
        except (AttributeError, ValueError, OSError):
            self.stream = None
        self.shown = False

    def show(self, progress) -> None:
        if self.stream is None:
            return
        import shutil

        width = max(shutil.get_terminal_size((80, 24)).columns - 1, 10)
        self.stream.write("\r" + progress.line()[:width] + "\x1b[K")
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        if self.stream is not None and self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False


def cmd_watch(args) -> int:
    import runpy

    from d2s_lab.core.watch import watch
    from d2s_lab.viz.watch_view import watch_page

    _split_watch_args(args)
    if args.merge:
        return _merge_watch(args)
    if not args.script:
        raise CLIError(t("cli.watch_needs_script"))
    path = os.path.abspath(args.script)
    if not os.path.isfile(path):
        raise CLIError(t("cli.no_file", path=args.script))
    require_paddle()
    status, failure = 0, None
    old_argv, old_path = list(sys.argv), list(sys.path)
    sys.argv = [path] + list(args.script_args)
    sys.path.insert(0, os.path.dirname(path))
    live = TerminalStatus(sys.stderr)
    try:
        with watch(os.path.basename(path), on_progress=live.show if live.stream is not None else None,
                   every=STATUS_EVERY) as w:
            try:
                runpy.run_path(path, run_name="__main__")
            except SystemExit as exc:  # the script's own exit: its status, the report still written
                code = exc.code
                status = code if isinstance(code, int) else (0 if code is None else 1)
            except Exception as exc:
                status, failure = 1, f"{type(exc).__name__}: {str(exc)[:500]}"
    finally:
        live.clear()
        sys.argv, sys.path[:] = old_argv, old_path
    report = w.report()
    if args.record:
        import json

        from d2s_lab.core.watch_ranks import rank_from_env, record_path, to_json

        rank = rank_from_env() or 0
        _write(record_path(args.record, rank), json.dumps(to_json(report, rank), ensure_ascii=False),
               t("cli.what_watch_record"))
    said = t("cli.script_failed", script=args.script, error=failure) if failure else ""
    if args.html:
        _write(args.html, watch_page(report, lang=args.lang, failure=said), t("cli.what_watch"))
    else:
        print(repr(report))
    if failure:
        print(said, file=sys.stderr)
    return status


def _merge_watch(args) -> int:
    """``d2s-lab watch --merge DIR [--html OUT.html]``: the ranks' records side by side."""
    from d2s_lab.core.watch_ranks import load_records, merge
    from d2s_lab.viz.watch_view import merged_page

    try:
        merged = merge(load_records(args.merge))
    except D2SError as exc:
        raise CLIError(exc.message + ("\n" + exc.hint if exc.hint else "")) from None
    if args.html:
        _write(args.html, merged_page(merged, lang=args.lang), t("cli.what_watch"))
    else:
        print(t("watch.ranks.summary", n=len(merged.ranks), functions=len(merged.rows), uneven=len(merged.uneven)))
    return 0


def cmd_labs(args) -> int:
    from d2s_lab.teaching import handouts

    report = args.report
    if args.action:
        if args.action[0] != "report" or len(args.action) != 2 or report:
            raise CLIError(t("course.report_usage"))
        report = args.action[1]
    if report or args.nbgrader:
        return _labs_course(args, report)
    return handouts.run_command(args)


def _labs_course(args, report: Optional[str]) -> int:
    """``d2s-lab labs --nbgrader COURSE_DIR`` and ``d2s-lab labs report COURSE_DIR``."""
    from pathlib import Path

    from d2s_lab.teaching import class_report, course, handouts

    langs = [x.strip() for x in args.lang.split(",") if x.strip()]
    if not langs or any(x not in handouts.LANGS for x in langs):
        raise CLIError(t("install.lang_use", langs=", ".join(handouts.LANGS)))
    if report:
        if not Path(report).is_dir():
            raise CLIError(t("course.no_folder", langs[0], path=report))
        out = args.out if args.out.endswith(".html") else None
        path, data = class_report.write_report(report, out, lang=langs[0])
        print(t("course.report_written", langs[0], labs=len(data.labs), students=len(data.students), path=path))
        return 0
    target = Path(args.nbgrader).resolve()
    if course.inside_package(target):
        raise CLIError(t("install.out_inside_package", path=target))
    only = [x.strip() for x in args.only.split(",") if x.strip()] or None
    names = course.write_course(target, langs, only, folder=Path(args.labs))
    if not names:
        raise CLIError(t("install.no_lab_matched", names=", ".join(p.stem for p in handouts.lab_files(Path(args.labs)))))
    print(t("course.written", langs[0], n=len(names), path=target, first=names[0]))
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="d2s-lab",
        description="help.cli.description",
        epilog="help.cli.epilog")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    def model_args(sp):
        sp.add_argument("target", metavar="MODULE:OBJ",
                        help="help.cli.model.target")
        add_options(sp.add_argument, "input", "spec")

    def graph_args(sp):
        add_options(sp.add_argument, "graph", "wrap")

    g = sub.add_parser("graph", help="help.cli.graph.help",
                       description="help.cli.graph.description")
    model_args(g)
    g.add_argument("-o", "--output", help="help.cli.graph.output")
    add_options(g.add_argument, "mode", "lang")
    graph_args(g)
    add_options(g.add_argument, "program")
    g.set_defaults(func=cmd_graph)

    s = sub.add_parser("steps", help="help.cli.steps.help",
                       description="help.cli.steps.description")
    s.add_argument("target", metavar="MODULE:FUNC", help="help.cli.steps.target")
    s.add_argument("-o", "--output", help="help.cli.steps.output")
    add_options(s.add_argument, "layer", "lang")
    s.set_defaults(func=cmd_steps)

    sh = sub.add_parser("show", help="help.cli.show.help",
                        description="help.cli.show.description")
    sh.add_argument("path", help="help.cli.show.path")
    sh.add_argument("-o", "--output", help="help.cli.show.output")
    graph_args(sh)
    add_options(sh.add_argument, "lang")
    sh.set_defaults(func=cmd_show)

    r = sub.add_parser("report", help="help.cli.report.help",
                       description="help.cli.report.description")
    model_args(r)
    r.add_argument("-o", "--output", required=True, help="help.cli.report.output")
    add_options(r.add_argument, "mode", "dim", "lang")
    r.add_argument("--no-steps", action="store_true", help="help.cli.report.no_steps")
    add_options(r.add_argument, "graph", "wrap")
    r.set_defaults(func=cmd_report)

    b = sub.add_parser("bench", help="help.cli.bench.help",
                       description="help.cli.bench.description")
    model_args(b)
    add_options(b.add_argument, "bench", "dim", "lang")
    b.add_argument("-o", "--output", help="help.cli.bench.output")
    b.set_defaults(func=cmd_bench)

    pr = sub.add_parser("profile", help="help.cli.profile.help",
                        description="help.cli.profile.description")
    model_args(pr)
    add_options(pr.add_argument, "profile", "mode", "dim", "lang")
    pr.add_argument("-o", "--output", help="help.cli.profile.output")
    pr.set_defaults(func=cmd_profile)
    wt = sub.add_parser("watch", help="help.cli.watch.help",
                        description="help.cli.watch.description")
    wt.add_argument("script", metavar="SCRIPT", nargs="?", default=None, help="help.cli.watch.script")
    wt.add_argument("--html", metavar="OUT.html", default=None, help="help.cli.watch.html")
    wt.add_argument("--record", metavar="DIR", default=None, help="help.cli.watch.record")
    wt.add_argument("--merge", metavar="DIR", default=None, help="help.cli.watch.merge")
    add_options(wt.add_argument, "lang")
    wt.add_argument("script_args", nargs=argparse.REMAINDER, metavar="ARGS", help="help.cli.watch.args")
    wt.set_defaults(func=cmd_watch)

    from d2s_lab.teaching import handouts

    lb = sub.add_parser("labs", help="help.cli.labs.help",
                        description="help.cli.labs.description")
    handouts.add_arguments(lb)
    lb.add_argument("--nbgrader", metavar="COURSE_DIR",
                    help="help.cli.labs.nbgrader")
    lb.add_argument("--report", metavar="COURSE_DIR",
                    help="help.cli.labs.report")
    lb.add_argument("action", nargs="*", metavar="report COURSE_DIR", help="help.cli.labs.action")
    lb.set_defaults(func=cmd_labs)
    return p


def main(argv: Optional[List[str]] = None) -> int:
    """Entry point of the ``d2s-lab`` console script; returns the exit status."""
    status = _main(argv)
    if any(run.is_alive() for run in RUNAWAY_RUNS):
        # A first static run that never ended still holds Paddle's executor; letting the
        # interpreter finalise under it crashes. Leave at once, with this status.
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)
    return status


def _main(argv: Optional[List[str]]) -> int:
    _quiet_paddle()
    words = list(sys.argv[1:] if argv is None else argv)
    lang = next((words[i + 1] for i, w in enumerate(words[:-1]) if w == "--lang" and "," not in words[i + 1]), None)
    try:  # --help and the usage messages speak the command's --lang too
        parser = localize_parser(build_parser(), get_lang(lang))
    except D2SError:  # an unknown --lang: said when the command reads it
        parser = localize_parser(build_parser())
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help(sys.stderr)
        return 2
    # --lang: the whole command speaks it, not only the steps (labs takes a list: en,zh);
    # called from Python (``cli.main([...])``), the caller's language is back after it
    lang = args.lang if getattr(args, "lang", None) and "," not in args.lang else None
    try:
        with using_lang(lang):
            return _run(args)
    except D2SError as exc:  # an unknown --lang
        print(t("cli.error", command=args.command, message=exc.message), file=sys.stderr)
        return 1


def _say_ended_runs() -> None:
    """A process that ended inside a conversion (Paddle's C++ aborted a command or a
    kernel): said once, on standard error, before the next command's own output."""
    from d2s_lab.core.capture import ended_run_words, ended_runs

    for run in ended_runs():
        message, hint = ended_run_words(run)
        quoted = "".join(f"\n    {ln}" for ln in run.native.splitlines())
        print(f"{message}{quoted}\n  {hint}", file=sys.stderr)


def _run(args) -> int:
    _say_ended_runs()
    try:
        return int(args.func(args) or 0)
    except D2SError as exc:
        print(t("cli.error", command=args.command, message=exc.message), file=sys.stderr)
        report = getattr(exc, "report", None)  # a failed conversion, explained
        if report is not None:
            print("\n".join("  " + ln for ln in str(report).splitlines()), file=sys.stderr)
        elif exc.hint:
            print(f"  {exc.hint}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(t("cli.interrupted"), file=sys.stderr)
        return 130
    except Exception as exc:
        if os.environ.get("D2S_DEBUG"):
            raise
        print(t("cli.failed", command=args.command, error=f"{type(exc).__name__}: {str(exc)[:500]}"), file=sys.stderr)
        print(t("cli.debug_hint"), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
