"""The manual (``make docs``) in English and Chinese: every page of the nav has its
Chinese page (``docs/NAME.zh.md``), the strict build writes both sites (``zh/`` for the
Chinese one), and each page links to itself in the other language."""
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from paths import ROOT

DOCS = Path(ROOT) / "docs"
CJK = re.compile(r"[\u4e00-\u9fff]")
FENCED = re.compile(r"^```.*?^```", re.S | re.M)


def _headings(text: str) -> list:
    return re.findall(r"^#{1,4} .*$", FENCED.sub("", text), re.M)

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("mkdocs_static_i18n") is None,
    reason="MkDocs and mkdocs-static-i18n are in requirements/docs.txt (make docs), not in this environment")


def _pages():
    nav = (Path(ROOT) / "mkdocs.yml").read_text(encoding="utf-8")
    return re.findall(r"^\s+- [^:]+: (\w+)\.md\s*$", nav, re.M)


def test_every_page_has_a_chinese_page_with_the_same_anchors():
    pages = _pages()
    assert len(pages) >= 15
    for page in pages:
        zh = DOCS / f"{page}.zh.md"
        assert zh.exists(), f"docs/{page}.zh.md is missing"
        text = zh.read_text(encoding="utf-8")
        assert len(CJK.findall(text)) > 100, page
        headings = _headings(text)
        en = _headings((DOCS / f"{page}.md").read_text(encoding="utf-8"))
        assert len(headings) == len(en), (page, len(headings), len(en))
        assert all(re.search(r"\{#[\w-]+\}\s*$", h) for h in headings), page  # English anchors kept
        # the build hook's tables: the same placeholders as the English page
        marks = re.compile(r"<!--\s*options:[^>]*-->")
        assert marks.findall(text) == marks.findall((DOCS / f"{page}.md").read_text(encoding="utf-8")), page


@pytest.mark.slow
def test_strict_build_writes_both_languages_linked(tmp_path):
    site = tmp_path / "site"
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    for page in _pages():
        sub = "" if page == "index" else f"{page}/"
        en = (site / sub / "index.html").read_text(encoding="utf-8")
        zh = (site / "zh" / sub / "index.html").read_text(encoding="utf-8")
        assert f'href="../zh/{sub}"' in en or f'href="zh/{sub}"' in en or f'href="./zh/{sub}"' in en, page
        assert 'hreflang="en"' in zh and ">English</a>" in zh, page
        body = zh[zh.index('role="main"'):]
        assert len(CJK.findall(body)) > 100, page
        assert "<table" not in en or ("<table" in zh), page
        # the Chinese site's page title and sidebar are Chinese too
        title = re.search(r"<title>(.*?)</title>", zh).group(1)
        assert CJK.search(title), (page, title)
        sidebar = re.findall(r'class="toctree-l1[^"]*"><a[^>]*>([^<]*)<', zh)
        assert len(sidebar) == len(_pages()) and all(CJK.search(x) for x in sidebar), (page, sidebar)
    _links_from_reports_land_in(site)


def _links_from_reports_land_in(site: Path):
    """A report's links into the manual (a break row's id, the catalogue's ids) are absolute,
    under the manual's published root (mkdocs.yml's site_url), so they open from a notebook;
    each lands on a page of this build, in the report's language, at an anchor it has."""
    import html

    import yaml

    import d2s_lab
    from d2s_lab.core.sot.model import GraphBreak
    from d2s_lab.text import using_lang
    from d2s_lab.text.manual import MANUAL_URL
    from d2s_lab.viz.breaks_view import break_fix_html, breaks_html

    conf = yaml.load((Path(ROOT) / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    assert conf["site_url"] == MANUAL_URL
    row = GraphBreak("BuiltinFunctionBreak", "Not support builtin function: print", code="print(y)")
    for lang, root in (("en", MANUAL_URL), ("zh", MANUAL_URL + "zh/")):
        with using_lang(lang):
            page = break_fix_html(row) + breaks_html(d2s_lab.breaks())
        hrefs = [html.unescape(h) for h in re.findall(r'href="([^"]*)"', page)]
        assert len(hrefs) == len(d2s_lab.breaks()) + 1, hrefs
        for href in hrefs:
            assert href.startswith(root) and not href.startswith(root + "zh/"), (lang, href)
            path, _, anchor = href[len(MANUAL_URL):].partition("#")
            built = (site / path / "index.html").read_text(encoding="utf-8")
            assert anchor and f'id="{anchor}"' in built, (lang, href)
