"""``%d2s_show`` (view a saved model) and ``%d2s_bench`` (time it in every runtime)."""
from __future__ import annotations

from IPython.core.magic import Magics, line_magic, magics_class
from IPython.core.magic_arguments import argument, magic_arguments
from IPython.display import HTML, display

from ..core.errors import D2SError
from .to_static import parse_line, show_error


def _progress_display():
    """A progress callback drawn as an ipywidgets bar (a text line without ipywidgets),
    and a function that removes it."""
    try:
        import ipywidgets as w

        bar = w.IntProgress(value=0, min=0, max=1, description="bench")
        label = w.Label("")
        box = w.HBox([bar, label])
        display(box)

        def cb(done, total, msg):
            bar.max = max(total, 1)
            bar.value = min(done, bar.max)
            label.value = f"{done}/{total} {msg}"

        return cb, box.close
    except ImportError:
        handle = display(HTML("<code>starting...</code>"), display_id=True)

        def cb(done, total, msg):
            if handle is not None:
                handle.update(HTML(f"<code>[{done}/{total}] {msg}</code>"))

        return cb, lambda: handle.update(HTML("")) if handle is not None else None


@magics_class
class ExportMagics(Magics):
    @magic_arguments()
    @argument("path", nargs="?", default=None,
              help="A saved model: PREFIX.json, PREFIX.pdmodel, PREFIX.pdiparams or PREFIX.")
    @argument("--depth", "-d", default="1", metavar="N|all",
              help="Graph layer depth: 1 (default) shows each top-level layer (from the saved "
                   "struct_name) as one node; 2, ... opens them; all shows every op.")
    @argument("--as", dest="as_", default="_d2s_saved", metavar="NAME",
              help="Variable that receives the SavedModel (default: _d2s_saved).")
    @line_magic
    def d2s_show(self, line):
        """Draw a model saved with paddle.jit.save, without running anything from its files.

        Reads the program (Paddle 3.x PIR ``.json`` or a legacy ``.pdmodel``) and the
        parameter shapes (``.pdiparams``) directly: Paddle is not imported, no pickle
        is loaded, nothing from the files is executed, so models from the internet are
        safe to look at. Shows a summary, the graph, the files, the parameters and the op
        table. Damaged or hostile files give a short message naming the problem.

        Examples::

            %%to_static --input "x: [None,3,32,32] float32" --save build/model/net
            ...
            %d2s_show build/model/net.json
        """
        args, err = parse_line(self.d2s_show, line)
        if err:
            show_error(err, "See %d2s_show? for the options.")
            return None
        if not args.path:
            show_error("Give the path of a saved model.", "For example: %d2s_show build/model/net.json")
            return None
        from ..core.saved import read_saved
        from ..viz.saved_view import saved_html

        try:
            sm = read_saved(args.path)
        except D2SError as exc:
            show_error(exc.message, exc.hint)
            return None
        self.shell.user_ns[args.as_] = sm
        display(HTML(saved_html(sm, depth=args.depth)))
        return None

    @magic_arguments()
    @argument("obj", nargs="?", default=None,
              help="The model: a Conversion (default: _d2s, from the last %%to_static), "
                   "a Layer or a function (then give --input).")
    @argument("--batch", default="1,20,256", help="Batch sizes, comma separated (default 1,20,256).")
    @argument("--threads", type=int, default=1, help="CPU threads for every runtime (default 1).")
    @argument("--train", action="store_true",
              help="Time a training step (forward, backward, SGD) in eager vs to_static.")
    @argument("--device", default="cpu", help="cpu (default) or gpu / gpu:N.")
    @argument("--input", "-i", action="append", default=None, metavar="SPEC",
              help='Input description for a Layer or function, e.g. "x: [None,3,32,32] float32".')
    @argument("--runtimes", default=None,
              help="Subset, comma separated: eager,to_static,predictor,predictor_onednn,onnxruntime.")
    @argument("--repeat", type=int, default=10, help="At least this many timed runs (default 10).")
    @argument("--min-time", type=float, default=0.5,
              help="Time each runtime for at least this many seconds (default 0.5).")
    @argument("--as", dest="as_", default="_d2s_bench", metavar="NAME",
              help="Variable that receives the BenchResult (default: _d2s_bench).")
    @line_magic
    def d2s_bench(self, line):
        """Time a model in dygraph, to_static, the Paddle Inference predictor (with and
        without oneDNN) and ONNX Runtime (when paddle2onnx and onnxruntime are installed).

        Outputs are checked equal across runtimes first (max abs diff shown); each time
        is the median of many runs after warm-up. Shows a bar chart, a table and one
        line of advice computed from the numbers. The model's weights are not changed.

        Examples::

            %d2s_bench                      # the model of the last %%to_static cell
            %d2s_bench net --input "x: [None,3,32,32] float32" --batch 1,20 --threads 2
            %d2s_bench --train
        """
        args, err = parse_line(self.d2s_bench, line)
        if err:
            show_error(err, "See %d2s_bench? for the options.")
            return None
        ns = self.shell.user_ns
        expr = args.obj or "_d2s"
        if expr in ns:
            obj = ns[expr]
        else:
            try:
                obj = self.shell.ev(expr)
            except Exception:
                hint = ("Run a %%to_static cell first, or name a Layer: %d2s_bench net --input ..."
                        if expr == "_d2s" else "Give the name of a Layer, function or Conversion.")
                show_error(f"{expr}: no such name in the notebook.", hint)
                return None
        try:
            batches = [int(b) for b in args.batch.replace(" ", "").split(",") if b]
        except ValueError:
            show_error(f"--batch {args.batch}: give whole numbers separated by commas.",
                       "For example --batch 1,20,256.")
            return None
        runtimes = [r.strip() for r in args.runtimes.split(",")] if args.runtimes else None
        from ..core.bench import bench

        cb, close = _progress_display()
        try:
            res = bench(obj, batch=batches, threads=args.threads, train=args.train,
                        device=args.device, input_spec=args.input, runtimes=runtimes,
                        repeat=args.repeat, min_time=args.min_time, progress=cb,
                        name=None if not args.obj else args.obj)
        except D2SError as exc:
            close()
            show_error(exc.message, exc.hint)
            return None
        except Exception as exc:  # a Paddle failure must not become a traceback
            close()
            show_error(f"The benchmark failed: {type(exc).__name__}: {str(exc)[:400]}",
                       "The notebook's variables are unchanged.")
            return None
        close()
        ns[args.as_] = res
        display(HTML(res._repr_html_()))
        return None
