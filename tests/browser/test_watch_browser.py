"""``d2s-lab watch SCRIPT --html OUT.html`` (in-process, as the console script runs it),
then OUT.html opened offline in headless Chromium at 1024x768: the script's converted
function and its recompile-storm alert are shown, the timeline's folded picture opens, the
page does not scroll sideways;
screenshot build/test-output/browser-watch-page-1024.png."""
import contextlib
import io
import os
import textwrap

import pytest

import browser_util as bu

SCRIPT = textwrap.dedent("""\
    import paddle

    @paddle.jit.to_static
    def scripted_train_step(x, lr):
        return x * lr + 1

    x, lr = paddle.ones([2, 3]), 0.5
    for _ in range(6):
        scripted_train_step(x, lr)  # a Python float that changes: a recompile each step
        lr *= 0.5
""")


@pytest.fixture(scope="module")
def watch_page(tmp_path_factory):
    from d2s_lab.cli import main

    d = tmp_path_factory.mktemp("watch")
    (d / "train.py").write_text(SCRIPT, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["watch", str(d / "train.py"), "--html", str(d / "out.html")])
    assert code == 0, err.getvalue()
    return d / "out.html"


def test_the_watch_page_shows_the_function_and_its_alert_at_1024(watch_page, browser, out_dir):
    page = bu.new_page(browser, {"width": 1024, "height": 768})
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        page.goto("file://" + str(watch_page), wait_until="load", timeout=30_000)
        assert page.blocked == [] and errors == []
        name = page.get_by_text("scripted_train_step").first
        assert name.is_visible()
        alert = page.locator(".d2s-note").filter(has_text="Recompile storm").first
        assert alert.is_visible() and "lr" in alert.inner_text(), page.inner_text("body")[:2000]
        # the timeline's picture, folded in: it opens and its PNG decodes
        page.get_by_text("The timeline as a picture (PNG)").click()
        picture = page.locator("details img")
        assert picture.is_visible() and picture.evaluate("i => i.complete && i.naturalWidth") > 800
        # nothing wider than the window: the page never scrolls sideways
        widths = page.evaluate("() => [document.documentElement.scrollWidth, document.body.scrollWidth,"
                               " document.documentElement.clientWidth]")
        assert max(widths[:2]) <= widths[2], widths
        bu.screenshot(page.locator("body"), os.path.join(out_dir, "browser-watch-page-1024.png"))
    finally:
        page.context.close()
