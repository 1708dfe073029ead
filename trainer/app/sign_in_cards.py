"""Sign-in cards to print: one a learner, with the server's address, the class code, their name and their one-time
password, thirty to an A4 page, to cut out and hand round."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from urllib.parse import urlsplit

from trainer.i18n import Translator

_PRINTED = """
@page { size: A4; margin: 8mm; }
body { font-family: sans-serif; margin: 0; color: #000; }
h1 { font-size: 11pt; margin: 0 0 3mm; }
.cards { display: grid; grid-template-columns: repeat(3, 1fr); gap: 2mm; }
.card { border: 1px dashed #555; padding: 2mm 3mm; height: 23mm; break-inside: avoid; font-size: 8.5pt; }
.card b { font-size: 10pt; }
.card code { font-size: 10pt; font-weight: bold; letter-spacing: 0.05em; }
.card small { color: #333; }
"""


def server_address(redirect_uri: object) -> str:
    """The address learners open, from the sign-in's return address of ``[auth]`` (its scheme and host); empty if
    it is not an address.

    >>> server_address("https://club.example/oauth2callback")
    'https://club.example'
    """
    parts = urlsplit(redirect_uri) if isinstance(redirect_uri, str) else None
    return f"{parts.scheme}://{parts.netloc}" if parts and parts.scheme and parts.netloc else ""


def cards_html(
    class_name: str, code: str, address: str, handed: Sequence[tuple[str, str]], t: Translator, language: str
) -> str:
    """A page of cards, one for each learner's name and password in ``handed``, in the teacher's ``language``."""
    code_word, password_word = escape(t.text("Class code")), escape(t.text("Password"))
    once = escape(t.text("works once: then you choose your own"))
    cards = "".join(
        f"""<div class="card"><b>{escape(name)}</b><br>
        {code_word}: <code>{escape(code)}</code><br>
        {password_word}: <code>{escape(password)}</code><br>
        <small>{escape(address)} · {once}</small></div>"""
        for name, password in handed
    )
    title = escape(t.text("Sign-in cards: {name}", name=class_name))
    return (
        f'<!DOCTYPE html><html lang="{escape(language)}"><head><meta charset="utf-8"><title>{title}</title>'
        f'<style>{_PRINTED}</style></head><body><h1>{title}</h1><div class="cards">{cards}</div></body></html>'
    )
