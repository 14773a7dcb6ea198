"""The "Ausblick" label: content above the lesson's grade, for the curious.

`ausblick("9–10")` is a small amber label ("Ausblick · ab Klasse 9–10") with a line that
nobody needs it for the lesson. In a Markdown cell the same look is the class `ks-ausblick`
(`style.CSS`) with the inline style `LABEL_STYLE`, so it also looks right before the lesson
style sheet arrives.
"""

from __future__ import annotations

from html import escape

from IPython.display import HTML

from ..i18n import text
from .language import in_both_languages, language

LABEL_STYLE = (
    "display:inline-block;background:#FFF3D6;border:2px solid #B35C00;border-radius:6px;"
    "padding:2px 10px;color:#5C2E00;font-weight:bold"
)


@in_both_languages
def ausblick(grades: str, lang: str | None = None) -> HTML:
    """The label for a part of a lesson that belongs to grades `grades` or later."""
    lang = lang or language()
    label = escape(text("activity.ausblick", lang, grades=grades))
    note = escape(text("activity.ausblick.note", lang))
    return HTML(
        f"<div class='ks-ausblick-box'><span class='ks-ausblick' style='{LABEL_STYLE}'>{label}</span> {note}</div>"
    )
