"""Every link between the README, docs/ and the notes beside the code leads somewhere: to a file
that is there and, after a ``#``, to a heading in it (GitHub's anchors)."""

from __future__ import annotations

import re
from pathlib import Path

from support import ROOT

LINK = re.compile(r"\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))] + sorted(
        (ROOT / "cabinet").rglob("*.md")
    )


def anchors(path: Path) -> set[str]:
    """GitHub's anchor of each heading: lower case, punctuation dropped, spaces to hyphens."""
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    headings = re.findall(r"^#+\s+(.+?)\s*$", text, re.M)
    return {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") for heading in headings}


def test_every_link_in_the_docs_leads_to_a_file_and_heading_that_are_there():
    broken = []
    for document in documents():
        text = FENCE.sub("", document.read_text(encoding="utf-8"))
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target):
                continue  # the web: not this repository's to keep
            name, _, anchor = target.partition("#")
            path = (document.parent / name).resolve() if name else document
            if not path.exists() or (anchor and anchor not in anchors(path)):
                broken.append(f"{document.relative_to(ROOT)}: {target}")
    assert not broken, broken
    assert len(documents()) > 5
