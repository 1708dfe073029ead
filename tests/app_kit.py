"""What the app tests share about reading the page."""

import re


def seen(markdown: str) -> str:
    """What a reader sees of Markdown whose marks the app escaped: the text without its backslashes, and without
    the word joiners that keep an address from becoming a link."""
    return re.sub(r"\\(.)", r"\1", markdown).replace("\u2060", "")
