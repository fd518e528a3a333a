"""Cells as public tutorial notebooks store them, in a real kernel: Windows line ends
(CRLF, as a notebook saved on Windows keeps them) with a blank line inside ``forward``,
and models built inside a block (``with paddle.utils.unique_name.guard():``, ``if``,
``try``) convert and are found, on both Paddles and both paths; ``--lang zh`` on a
cell puts its error box in Chinese too."""
import pytest

from html_text import text as html_text
from kernels import d2s_kernel, run_cell

NET = '''import paddle

class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 3)

    def forward(self, x):
        y = self.fc(x)

        return paddle.nn.functional.relu(y)
'''


@pytest.fixture(scope="module")
def kernel(paddle):
    with d2s_kernel() as kc:
        yield kc


def _converted(kc, cell):
    status, out = run_cell(kc, cell, timeout=300)
    assert status == "ok", out
    assert "Traceback (most recent" not in out and "IndentationError" not in out, out[-2000:]
    status, got = run_cell(kc, "print('TYPE', type(_d2s.target).__name__, _d2s.error is None)")
    assert status == "ok", got
    return out, got


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["ast", "sot"])
def test_a_crlf_cell_with_a_blank_line_in_forward_converts(kernel, mode):
    cell = f'%%to_static --mode {mode} --input "x: [None, 4] float32"\n' + NET + "net = Net()\n"
    out, got = _converted(kernel, cell.replace("\n", "\r\n"))
    assert "TYPE Net True" in got, got
    status, steps = run_cell(kernel, "%d2s_steps _d2s --static")
    assert status == "ok" and "Traceback (most recent" not in steps and "IndentationError" not in steps, steps[-2000:]
    assert "relu" in html_text(steps)


@pytest.mark.slow
@pytest.mark.parametrize("block", [
    "with paddle.utils.unique_name.guard():\n    net = Net()\n",
    "if True:\n    net = Net()\n",
    "try:\n    net = Net()\nexcept Exception:\n    raise\n",
])
def test_a_model_built_inside_a_block_is_found(kernel, block):
    cell = '%%to_static --mode ast --input "x: [None, 4] float32"\n' + NET + block
    out, got = _converted(kernel, cell)
    assert "TYPE Net True" in got, got
    assert "assigns no" not in html_text(out)


BROKEN = '''%%to_static --mode ast --input "x: [None, 16]" --lang zh
class Broken(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc1 = paddle.nn.Linear(16, 32)
        self.fc2 = paddle.nn.Linear(64, 10)

    def forward(self, x):
        return self.fc2(self.fc1(x))

broken = Broken()
'''


@pytest.mark.slow
def test_lang_zh_on_the_cell_translates_its_error_box(kernel):
    status, out = run_cell(kernel, "import paddle\n" + "%d2s_lang en")
    assert status == "ok", out
    status, out = run_cell(kernel, BROKEN, timeout=300)
    assert status == "ok", out
    text = html_text(out)
    assert "单元格中的变量都已保留" in text, text[:1500]
    assert "The cell's variables are kept" not in text, text[:1500]
    # and the notebook's own language is unchanged afterwards
    status, out = run_cell(kernel, BROKEN.replace(" --lang zh", ""), timeout=300)
    assert status == "ok" and "The cell's variables are kept" in html_text(out), out[-1500:]


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["ast", "sot"])
def test_as_name_is_the_name_every_suggestion_uses(kernel, mode):
    cell = f'%%to_static --mode {mode} --input "x: [None, 4] float32" --as my_net\n' + NET + "net = Net()\n"
    status, out = run_cell(kernel, cell, timeout=300)
    assert status == "ok", out
    text = html_text(out)
    assert "_d2s" not in text.replace("_d2s_steps", ""), [ln for ln in text.splitlines() if "_d2s" in ln][:5]
    if mode == "ast":
        assert "%d2s_graph my_net --depth all" in text


NAMED = '''%%to_static --mode ast --input "x: [None, 4] float32"
import paddle
class Named(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 3, weight_attr=paddle.ParamAttr(name="named_fc_w"))

    def forward(self, x):
        return self.fc(x)

named = Named()
'''


@pytest.mark.slow
def test_a_model_with_fixed_parameter_names_built_twice_gets_a_hint_saying_so(kernel):
    status, out = run_cell(kernel, NAMED, timeout=300)
    assert status == "ok" and "named_fc_w" not in html_text(out), out[-1500:]
    status, out = run_cell(kernel, NAMED, timeout=300)
    text = html_text(out)
    assert status == "ok" and "Traceback (most recent" not in out, out[-1500:]
    assert 'ParamAttr(name="named_fc_w")' in text and "--model NAME" in text and "restart the kernel" in text, text


RESIDUAL = '''%%to_static --mode ast --input "x: [None, 8] float32" --check
import paddle
import paddle.nn.functional as F

class Block(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.norm = paddle.nn.LayerNorm(8)
        self.fc = paddle.nn.Linear(8, 8)

    def forward(self, x):
        return self.fc(self.norm(x))

class FastGelu(paddle.nn.Layer):
    def forward(self, x):
        if paddle.in_dynamic_mode():
            return F.gelu(x)
        return F.gelu(x, approximate=True)

class Vit(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.blocks = paddle.nn.LayerList([Block() for _ in range(2)])
        self.act = FastGelu()

    def forward(self, x):
        for blk in self.blocks:
            x = blk(x) + x  # a residual: the block's output is the left operand of +
        return self.act(x)

vit = Vit()
vit.eval()
'''


@pytest.mark.slow
def test_check_compares_a_residual_blocks_output_before_the_add(kernel):
    status, out = run_cell(kernel, RESIDUAL, timeout=300)
    assert status == "ok", out[-1500:]
    status, got = run_cell(kernel, "print('FIRST', _d2s.check.first_divergent, "
                                   "[(l.path, l.ok) for l in _d2s.check.layers if l.path.startswith('blocks')])")
    assert status == "ok", got
    assert "FIRST act" in got, got  # not blocks.0.fc, whose static value the add overwrote
    assert "False" not in got.split("FIRST act", 1)[1], got


DISTRIBUTION = '''%%to_static --mode ast --input "x: [None, 4] float32" --check
import paddle

class Actor(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 3)

    def forward(self, x):
        probs = paddle.nn.functional.softmax(self.fc(x))
        dist = paddle.distribution.Categorical(probs)  # BUILDS
        return probs, dist

actor = Actor()
actor.eval()
'''


@pytest.mark.slow
def test_check_of_a_forward_returning_a_distribution_says_it_is_frozen_at_its_line(kernel):
    status, out = run_cell(kernel, DISTRIBUTION, timeout=300)
    assert status == "ok", out[-1500:]
    text = html_text(out)
    assert "DIFFER" not in text.upper().replace("DIFFERENCE", ""), text[:2000]
    assert "Categorical object" in text and "built while Paddle traced forward" in text, text[:3000]
    line = next(i for i, ln in enumerate(DISTRIBUTION.splitlines(), 1) if ln.endswith("# BUILDS"))
    assert f"line {line}" in text, text[:3000]
    assert "random" not in text.lower(), text[:3000]  # no randomness warning: there is none
    status, got = run_cell(kernel, "print('OK', _d2s.check.ok, [o.compared for o in _d2s.check.outputs])")
    assert "OK True [True, False]" in got, got


def test_float_rounding_is_told_from_a_difference(paddle):
    from d2s_lab.core.check.leaves import compare_leaves

    ref = paddle.to_tensor([[10.0, -3.0], [0.5, 7.0]])
    near = ref + 2e-5  # over allclose's 1e-5 relative at 0.5, under 100 float32 ops' rounding
    far = ref + 1e-2
    (noisy,) = compare_leaves(ref, near, 1e-5, 1e-6, paddle, ops=100)
    assert not noisy.allclose and noisy.within_noise and noisy.ok and "rounding" in noisy.note
    (strict,) = compare_leaves(ref, near, 1e-5, 1e-6, paddle)  # no op count: no allowance
    assert not strict.ok
    (wrong,) = compare_leaves(ref, far, 1e-5, 1e-6, paddle, ops=100)
    assert not wrong.ok and not wrong.within_noise
