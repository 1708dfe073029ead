"""A level's stars drawn for a page, named in the learner's words.

>>> from trainer.app.card_style import CardStyle
>>> picture = stars_image(2, CardStyle(language="es"), size=18)
>>> picture.startswith('<img src="data:image/svg+xml;base64,') and 'alt="2 de 3 estrellas"' in picture
True
"""

import base64
from html import escape

from trainer.app.card_style import CardStyle
from trainer.app.svg import stars_svg


def stars_image(earned: int, view: CardStyle, size: int) -> str:
    """Three stars ``size`` pixels high, ``earned`` of them filled, as an image (pages sanitise inline SVG, but keep
    images) whose text alternative says the stars in words: "2 of 3 stars"."""
    label = view.t.text("{n} of 3 stars", n=earned)
    data = base64.b64encode(stars_svg(earned, theme=view.theme, size=size, label=label).encode("utf-8")).decode()
    return (
        f'<img src="data:image/svg+xml;base64,{data}" alt="{escape(label)}" title="{escape(label)}" '
        f'height="{size}" style="display:block">'
    )
