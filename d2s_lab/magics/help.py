"""Each magic's help in the chosen language: ``%%to_static?`` (the docstring), and
``%%to_static --help`` / ``-h`` (printed instead of running the magic). The texts are the
catalogue's (``help.NAME.doc`` and each option's ``help.*`` key, see
:func:`d2s_lab.core.options.localize_parser`); they follow ``%d2s_lang``."""
from __future__ import annotations

import inspect
from typing import Iterator, Optional, Tuple

from d2s_lab.core.options import help_of, localize_parser
from d2s_lab.text import t

HELP_FLAGS = ("-h", "--help")


def _magic_functions() -> Iterator[Tuple[str, object]]:
    from d2s_lab.magics import magic_classes

    for cls in magic_classes():
        for table in cls.magics.values():
            for name, method in table.items():
                yield name, getattr(cls, method)


def help_text(func, lang: Optional[str] = None) -> str:
    """The help of magic ``func`` in ``lang``: what it does, its usage and options."""
    name = func.__name__
    parser = getattr(func, "parser", None)
    if parser is None:
        return help_of(f"help.{name}.doc", lang)
    text = localize_parser(parser, lang, f"help.{name}.doc").format_help()
    # a cell magic's prog is %%NAME, to which the formatter adds its own %
    return text.replace(f"%%%{name}", f"%%{name}")


def localize(lang: Optional[str] = None) -> None:
    """Every magic's docstring (what ``%%to_static?`` shows) in ``lang``."""
    for _, func in _magic_functions():
        func.__doc__ = help_text(func, lang)


def asked_for_help(tokens) -> Tuple[bool, Optional[str]]:
    """``(whether the magic's line asks for its help, the --lang it gives)``."""
    asked = any(tok in HELP_FLAGS for tok in tokens)
    lang = next((tokens[i + 1] for i, tok in enumerate(tokens[:-1]) if tok == "--lang"), None)
    return asked, lang


def show_help(func, lang: Optional[str] = None) -> None:
    """Print the help of ``func`` (as argparse prints a command's)."""
    try:
        text = help_text(func, lang)
    except Exception:  # an unknown --lang: the help in the chosen language
        text = help_text(func)
    print(inspect.cleandoc(text) if "\n" not in text[:1] else text)
    print(t("magics.help_more"))


__all__ = ["HELP_FLAGS", "asked_for_help", "help_text", "localize", "show_help"]
