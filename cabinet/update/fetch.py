"""Download a bundle from the operator's own web server: bounded, resumable, checked by SHA-256.

The bytes go to ``<sha256>.partial`` in the updater's downloads folder and become
``<sha256>.tar`` only once their size and SHA-256 are the announced ones. A download cut off
(the network, a power cut, SIGKILL) goes on from where the partial file ends with an HTTP
``Range`` request; a server that answers the whole file instead is read from the start again.
Nothing but http and https is fetched, redirects included, and never more bytes than announced.
"""

from __future__ import annotations

import hashlib
import os
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

TIMEOUT_SECONDS = 30.0  # per connection and per read: a silent server is given up, not waited on
CHUNK = 1 << 16


class FetchError(Exception):
    """A download that did not complete; ``str()`` is one line naming why (the URL's host only)."""


class WrongBundle(FetchError):
    """The server sent other bytes than those announced: not tried again until a new announcement."""


class _HttpOnly(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        if urlsplit(newurl).scheme not in ("http", "https"):
            raise FetchError(
                f"{urlsplit(req.full_url).hostname}: redirected away from http and https ({urlsplit(newurl).scheme}:)"
            )
        return super().redirect_request(req, fp, code, msg, headers, newurl)


_OPENER = urllib.request.build_opener(_HttpOnly)


def fetch(url: str, sha256: str, size: int, folder: Path, timeout: float = TIMEOUT_SECONDS) -> Path:
    """The verified bundle ``folder/<sha256>.tar``, downloaded (or resumed) from ``url`` if needed."""
    folder.mkdir(parents=True, exist_ok=True)
    done = folder / f"{sha256}.tar"
    if done.is_file():
        return done
    partial = folder / f"{sha256}.partial"
    have = partial.stat().st_size if partial.is_file() else 0
    if have > size:
        partial.unlink()
        have = 0
    host = urlsplit(url).hostname
    request = urllib.request.Request(
        url, headers={"Range": f"bytes={have}-"} if 0 < have < size else {}
    )
    try:
        if have < size:
            with _OPENER.open(request, timeout=timeout) as answer:
                resumed = answer.status == 206 and _starts_at(
                    answer.headers.get("Content-Range", ""), have
                )
                _receive(answer, partial, have if resumed else 0, size, host)
    except FetchError:
        raise
    except urllib.error.HTTPError as exc:
        raise FetchError(f"{host}: the server answered {exc.code} {exc.reason}") from None
    except (urllib.error.URLError, OSError) as exc:
        reason = (
            getattr(exc, "reason", None) or getattr(exc, "strerror", None) or exc.__class__.__name__
        )
        raise FetchError(
            f"{host}: download stopped ({reason}); it goes on from where it stopped next time"
        ) from None
    got = _digest(partial)
    if partial.stat().st_size != size or got != sha256:
        partial.unlink()
        raise WrongBundle(
            f"{host}: the download's SHA-256 is not the announced one; it is thrown away"
        )
    partial.replace(done)
    return done


def _starts_at(content_range: str, offset: int) -> bool:
    """True when a 206 answer's ``Content-Range: bytes N-M/T`` begins where our file ends."""
    try:
        return int(content_range.split()[1].split("-")[0]) == offset
    except (IndexError, ValueError):
        return False


def _receive(answer, partial: Path, offset: int, size: int, host) -> None:
    """Write ``answer`` into ``partial`` from ``offset``, never past ``size`` bytes."""
    with partial.open("r+b" if offset and partial.exists() else "wb") as sink:
        sink.seek(offset)
        sink.truncate()
        if not copy_capped(answer, sink, size - offset):
            raise WrongBundle(f"{host}: the server sent more than the announced {size} bytes")


def copy_capped(source, sink, limit: int) -> bool:
    """Copy ``source`` to ``sink`` and fsync it; False, having stopped, when it holds more than ``limit`` bytes."""
    copied = 0
    while chunk := source.read(CHUNK):
        copied += len(chunk)
        if copied > limit:
            return False
        sink.write(chunk)
    sink.flush()
    os.fsync(sink.fileno())
    return True


def _digest(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(CHUNK):
            digest.update(chunk)
    return digest.hexdigest()
