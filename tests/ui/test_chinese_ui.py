"""Every view in Chinese, read as a student reads it: after ``%d2s_lang zh`` a real IPython
shell runs the magics on real Paddle (a model with an ``if``, an SOT run with graph breaks,
%d2s_diff, %d2s_bench, the explorer, %d2s_steps, error boxes with hints, the numeric
check, the saved-model viewer, a lab self-check), and the CLI writes its HTML pages under
a Chinese locale without ``--lang``. Each page, without its code (``<pre>``, ``<code>``,
backticks, scripts and styles) and without Paddle's own quoted messages (marked
``d2s-paddle``), must hold no run of four or more English words."""
import os
import re
import subprocess
import sys
import textwrap

import pytest

import paths
from html_text import text as _text

RUN = 4  # this many English words in a row make an English sentence

_CODE = re.compile(r"<(pre|code|script|style|kbd|samp)\b[^>]*>.*?</\1>", re.S | re.I)
_PADDLE = re.compile(r'<(\w+)\b[^>]*\bclass="[^"]*\bd2s-paddle[\w-]*\b[^"]*"[^>]*>.*?</\1>', re.S)
_SHOWN_ATTRS = re.compile(r'\b(?:title|placeholder|aria-label|alt)="([^"]*)"')
_WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")
_EDGE = ".,:;!?()[]{}\"'“”‘’«»…—-"


def english_runs(page: str, paddle_says=()) -> list:
    """The runs of ``RUN`` or more English words a reader sees in ``page`` (HTML or text),
    leaving out code, Paddle's marked messages and the texts in ``paddle_says``."""
    page = _PADDLE.sub(" | ", _CODE.sub(" | ", page))
    shown = _text(re.sub(r"<[^>]+>", " | ", page)) + " | " + " | ".join(_text(a) for a in _SHOWN_ATTRS.findall(page))
    for said in paddle_says:
        shown = shown.replace(said, " | ")
    shown = re.sub(r"`[^`]*`", " | ", shown)
    runs, words = [], []
    for token in shown.split():
        core = token.strip(_EDGE)
        # an English word: letters only (identifiers, paths, numbers and shapes are not)
        if _WORD.fullmatch(core) and not (len(core) > 1 and core[1:] != core[1:].lower()):
            words.append(core)
            continue
        if len(words) >= RUN:
            runs.append(" ".join(words))
        words = []
    if len(words) >= RUN:
        runs.append(" ".join(words))
    return runs


def test_the_reader_finds_english_sentences_and_leaves_code_alone():
    assert english_runs("<p>这是 the graph of your model 的图</p>") == ["the graph of your model"]
    assert english_runs("<p>形状 <code>paddle.jit.to_static converts this model</code></p>") == []
    assert english_runs("<p>用 `full_graph=True if you want one` 转换</p>") == []
    assert english_runs('<span class="d2s-paddle">Not support NumPy API here</span>') == []
    assert english_runs('<input placeholder="search ops and layers here">') == ["search ops and layers here"]
    assert english_runs("Paddle 3.3.1 · 输入 x: [None,4] float32 · SOT AST GPU CPU") == []


MODEL_IF = '''%%to_static --input "x: [None, 4] float32" --as conv
import paddle
class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 4)
    def forward(self, x):
        y = self.fc(x)
        if paddle.mean(y) > 0:
            y = y * 2
        else:
            y = y - 1
        print("traced once", y.shape)
        return y
net = Net()
'''
MODEL_PLAIN = '''%%to_static --input "x: [None, 4] float32" --as conv2 --save {saved}
import paddle
class Net2(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 4)
    def forward(self, x):
        return paddle.nn.functional.relu(self.fc(x))
net2 = Net2()
net2.eval()
'''
SOT_BREAKS = '''%%to_static --mode sot --input "x: [None, 4] float32" --as sot
import paddle
import numpy as np

def branchy(x):
    y = x * 2
    if y.mean() > 0:
        y = y + 1
    else:
        y = y - 1
    z = np.abs(y.numpy())
    return paddle.to_tensor(z) * 3
'''
SHARED_LAYER = '''%%to_static --input "x: [None, 4] float32" --as shared
import paddle
class Shared(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 4)
    def forward(self, x):
        for _ in range(3):
            x = paddle.nn.functional.relu(self.fc(x))
        return x
shared_net = Shared()
'''
DTYPE_MIX = '''%%to_static --input "x: [None, 4] float32" --as mixed
import paddle
def mix(x):
    a = x.argmax(axis=1).astype("int32")
    return paddle.concat([a, x.argmax(axis=1)])
'''


@pytest.fixture(scope="module")
def zh(tmp_path_factory):
    """The Chinese pages of every view: ``{name: (html, Paddle's own messages shown)}``."""
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    from d2s_lab.text import set_lang

    saved = str(tmp_path_factory.mktemp("zh") / "net2")
    ip = InteractiveShell.instance()
    ip.run_line_magic("load_ext", "d2s_lab")
    pages = {}

    def run(name, cell, paddle_says=()):
        with capture_output() as cap:
            ip.run_cell(cell)
        shown = []
        for out in cap.outputs:
            shown.append(out.data.get("text/html") or out.data.get("text/plain", ""))
        pages[name] = ("\n".join(shown) + "\n" + cap.stdout + cap.stderr, tuple(paddle_says))
        return shown

    try:
        ip.run_line_magic("d2s_lang", "zh")
        run("report of a model with an if", MODEL_IF)
        run("report of a plain model, saved", MODEL_PLAIN.format(saved=saved))
        run("SOT report with graph breaks", SOT_BREAKS)
        run("report of a layer called three times", SHARED_LAYER)
        run("%d2s_diff", "%d2s_diff conv conv2")
        run("%d2s_bench", "%d2s_bench conv2 --batch 1 --repeat 2 --min-time 0")
        run("%d2s_steps", "%d2s_steps conv")
        run("%d2s_show", f"%d2s_show {saved}")
        run("error box with a hint", DTYPE_MIX)  # Paddle's message is in it, marked as Paddle's
        run("error: no model in the cell", "%%to_static\nimport paddle\nvalue = 3\n")
        run("error: a missing option value", "%d2s_bench --batch")
        run("error: an unknown option", "%%to_static --bogus\nvalue = 1\n")
        run("error: an unknown name", "%d2s_diff nothing_here conv")
        run("error: an unknown language", "%d2s_lang fr")
        run("error: an unreadable input description",
            '%%to_static --input "x: [a] float32"\nimport paddle\nlin = paddle.nn.Linear(4, 4)\n')
        run("error: a batch size of 0", "%d2s_bench conv2 --batch 0")
        run("error: no saved model there", f"%d2s_show {saved}_not_here")
        run("error: a program of an SOT conversion", "%d2s_diff sot --program train")

        from d2s_lab.viz.check_view import check_html

        ip.run_cell("import d2s_lab\n_chk = d2s_lab.check(conv2)")
        pages["numeric check"] = (check_html(ip.user_ns["_chk"], ip.user_ns["conv2"]), ())
        ip.run_cell("from d2s_lab import lab\n_lab_bad = lab.expect(conv2).converted().has_op('while')\n"
                    "_lab_good = lab.expect(conv).converted().has_op('if')")
        pages["lab self-check"] = (ip.user_ns["_lab_bad"]._repr_html_() + ip.user_ns["_lab_good"]._repr_html_()
                                   + str(ip.user_ns["_lab_bad"]), ())
        widget = ip.user_ns["conv"].explore()
        state = widget.state
        state.query = "linear"
        pages["explorer"] = (" | ".join([*widget.words.values(), widget.info, widget.svg, state.info()]), ())
        with capture_output() as cap:
            ip.run_cell("%d2s_graph conv --explore")
        pages["explorer"] = (pages["explorer"][0] + "".join(o.data.get("text/html", "") for o in cap.outputs), ())
    finally:
        set_lang(None)
        ip.run_line_magic("unload_ext", "d2s_lab")
        ip.reset(new_session=False)
    return pages


VIEWS = ["report of a model with an if", "report of a plain model, saved", "SOT report with graph breaks",
         "report of a layer called three times",
         "%d2s_diff", "%d2s_bench", "%d2s_steps", "%d2s_show", "error box with a hint",
         "error: no model in the cell", "error: a missing option value", "error: an unknown option",
         "error: an unknown name", "error: an unknown language", "error: an unreadable input description",
         "error: a batch size of 0", "error: no saved model there", "error: a program of an SOT conversion",
         "numeric check", "lab self-check", "explorer"]


@pytest.mark.slow
@pytest.mark.parametrize("view", VIEWS)
def test_no_english_sentence_in_the_chinese_view(zh, view):
    page, paddle_says = zh[view]
    assert re.search(r"[\u4e00-\u9fff]", page), (view, page[:500])
    assert english_runs(page, paddle_says) == []


# Column headers that are names, not words: the notebook's conversions, NumPy's field name.
NAMES = {"conv", "conv2", "dtype"}


@pytest.mark.slow
@pytest.mark.parametrize("view", VIEWS)
def test_no_english_column_header_in_the_chinese_view(zh, view):
    """Headers are single words the sentence rule cannot see ("op", "block", "layer")."""
    heads = [_text(h).strip() for h in re.findall(r"<th\b[^>]*>(.*?)</th>", zh[view][0], re.S)]
    assert [h for h in heads if re.fullmatch(r"[a-z]+(?: [a-z]+)*", h) and h not in NAMES] == []


@pytest.mark.slow
def test_the_chinese_views_keep_code_and_paddle_words_as_they_are(zh):
    # code stays code: the transformed source, the op names and the options
    assert "_jst.IfElse" in zh["report of a model with an if"][0] or "_jst" in zh["%d2s_steps"][0]
    from d2s_lab.core.paddle_compat.sot import sot_internals

    if sot_internals()[0] is not None:  # both Paddles list the if-break (2.6 without its reason class)
        assert "DataDependencyControlFlowBreak" in zh["SOT report with graph breaks"][0]
        # Paddle's break messages are quoted as Paddle's, not translated
        assert 'class="d2s-paddle"' in zh["SOT report with graph breaks"][0]
    # a layer called three times: its calls are numbered in Chinese (calls that repeat the
    # one before them exactly may be folded into one "同上" node after the first)
    assert re.search(r"第 [12] 次调用（共 3 次）", _text(zh["report of a layer called three times"][0]))
    # the report says, in Chinese, how to switch language
    report = _text(zh["report of a model with an if"][0])
    assert "语言：中文" in report and "%d2s_lang en" in report


def _chinese_locale_env():
    env = paths.child_env(LANG="zh_CN.UTF-8")
    env["PYTHONPATH"] = os.pathsep.join([paths.ROOT, os.path.join(paths.ROOT, "tests", "support")])
    for var in ("D2S_LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        env.pop(var, None)
    return env


@pytest.mark.slow
def test_cli_pages_in_a_chinese_locale_without_lang(tmp_path):
    """A Chinese locale gets Chinese pages without a command (no --lang, no D2S_LANG)."""
    code = textwrap.dedent(f"""
        import sys
        import paddle
        from d2s_lab.cli import main
        from d2s_lab.teaching.examples import EmbeddingNet
        net = EmbeddingNet(); net.eval()
        paddle.jit.save(net, {str(tmp_path / 'seed')!r},
                        input_spec=[paddle.static.InputSpec([None, 3, 32, 32], 'float32', 'x')])
        codes = [main(['report', 'models:branchy', '--input', 'x: [None,4] float32',
                       '-o', {str(tmp_path / 'report.html')!r}]),
                 main(['show', {str(tmp_path / 'seed')!r}, '-o', {str(tmp_path / 'show.html')!r}]),
                 main(['steps', 'models:branchy', '-o', {str(tmp_path / 'steps.html')!r}])]
        sys.exit(max(codes))
    """)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env=_chinese_locale_env(), timeout=300, cwd=paths.ROOT)
    assert r.returncode == 0, r.stderr[-3000:]
    for page in ("report.html", "show.html", "steps.html"):
        html = (tmp_path / page).read_text(encoding="utf-8")
        assert '<html lang="zh-Hans">' in html, page
        assert re.search(r"[\u4e00-\u9fff]", html), page
        assert english_runs(html) == [], page


def test_the_language_follows_the_locale_and_the_commands():
    code = "from d2s_lab.text import get_lang, t; print(get_lang(), t('steps.next'))"

    def lang_of(**env):
        base = {k: v for k, v in paths.child_env().items()
                if k not in ("D2S_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")}
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env=dict(base, **env), timeout=60)
        assert r.returncode == 0, r.stderr
        return r.stdout.split()[0]

    assert lang_of(LANG="zh_CN.UTF-8") == "zh"
    assert lang_of(LANG="zh_TW.UTF-8") == "zh"
    assert lang_of(LANG="en_US.UTF-8") == "en"
    assert lang_of(LANG="C.UTF-8") == "en"
    assert lang_of(LC_ALL="zh_CN.UTF-8", LANG="en_US.UTF-8") == "zh"
    assert lang_of(LANGUAGE="zh_CN:en", LANG="en_US.UTF-8") == "zh"
    assert lang_of(D2S_LANG="en", LANG="zh_CN.UTF-8") == "en"
    assert lang_of(D2S_LANG="zh", LANG="en_US.UTF-8") == "zh"


def test_the_cli_lang_option_sets_the_whole_command(capsys):
    from d2s_lab.cli import main
    from d2s_lab.text import get_lang, set_lang

    try:
        set_lang("en")
        assert main(["steps", "no_such_module_here:f", "--lang", "zh"]) == 1
        assert re.search(r"[\u4e00-\u9fff]", capsys.readouterr().err)  # the command spoke Chinese
        assert get_lang() == "en"  # called from Python, the caller's language is back after it
    finally:
        set_lang(None)


@pytest.mark.parametrize("magic", ["%d2s_steps", "%d2s_calls", "%d2s_graph"])
def test_error_boxes_follow_the_lines_lang(shell, magic):
    """A name that does not exist, with --lang zh: the error box is Chinese (it was English
    when the rest of the magic followed --lang)."""
    res, htmls, _ = shell.run(f"{magic} nosuch_name_xyz --lang zh")
    assert res.success and htmls
    words = _text(htmls[-1])
    assert "nosuch_name_xyz" in words and "求值时抛出了" in words, words[-400:]
    assert "evaluating it raised" not in words
