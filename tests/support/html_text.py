"""Reading HTML the views write, as text: what a reader sees, without the markup."""
import html
import re


def text(page: str) -> str:
    """The text of an HTML fragment: each tag becomes a space, entities are decoded."""
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def words(page: str) -> str:
    """``text(page)`` with every run of white space made one space."""
    return " ".join(text(page).split())


def squash(s: str) -> str:
    """``s`` without any white space (compares text across line wrapping)."""
    return "".join(s.split())


def by_class(page: str, cls: str, tag: str = "div"):
    """Inner HTML of each (non-nested) ``tag`` element that has class ``cls``."""
    return re.findall(rf'<{tag}\b[^>]*\bclass="(?:[^"]*\s)?{cls}(?:\s[^"]*)?"[^>]*>(.*?)</{tag}>', page, re.S)
