"""Write the manual's page of SOT graph breaks from the catalogue (d2s_lab.breaks()):
docs/breaks.md and docs/breaks.zh.md. Run after changing the catalogue or its words:

    python tools/gen_breaks_doc.py

tests/core/test_breaks.py fails while the committed pages differ from what this writes."""
from pathlib import Path

from d2s_lab.core.sot.breaks import manual_page

DOCS = Path(__file__).resolve().parents[1] / "docs"


def main() -> None:
    for lang, name in (("en", "breaks.md"), ("zh", "breaks.zh.md")):
        (DOCS / name).write_text(manual_page(lang), encoding="utf-8")
        print(DOCS / name)


if __name__ == "__main__":
    main()
