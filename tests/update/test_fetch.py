"""Downloading a bundle: resumed where it stopped, restarted cleanly, capped, checked, http only."""

from __future__ import annotations

import hashlib
import os
import socket

import pytest

from cabinet.update.fetch import FetchError, WrongBundle, fetch
from support.bundle_server import BundleServer

DATA = os.urandom(300_000)
SHA = hashlib.sha256(DATA).hexdigest()


@pytest.fixture
def served(tmp_path):
    (tmp_path / "www").mkdir()
    (tmp_path / "www" / "b.tar").write_bytes(DATA)
    return tmp_path / "www"


@pytest.mark.parametrize("ranges", [True, False])
def test_a_download_cut_off_goes_on_or_starts_again_and_ends_checked(tmp_path, served, ranges):
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    (downloads / f"{SHA}.partial").write_bytes(DATA[:100_000] if ranges else b"\0" * 100_000)
    with BundleServer(served, ranges=ranges) as server:
        done = fetch(server.url("b.tar"), SHA, len(DATA), downloads)
    assert done.read_bytes() == DATA and sorted(p.name for p in downloads.iterdir()) == [
        f"{SHA}.tar"
    ]
    assert server.requests == ["bytes=100000-"], "it asked for the rest only"


def test_more_bytes_than_announced_are_refused_and_other_bytes_thrown_away(tmp_path, served):
    with BundleServer(served) as server:
        with pytest.raises(WrongBundle, match="more than the announced 1000 bytes"):
            fetch(server.url("b.tar"), SHA, 1000, tmp_path / "a")
        with pytest.raises(WrongBundle, match="SHA-256 is not the announced one"):
            fetch(server.url("b.tar"), "0" * 64, len(DATA), tmp_path / "b")
    assert list((tmp_path / "b").iterdir()) == []


def test_a_redirect_away_from_http_is_refused(tmp_path, served):
    with BundleServer(served) as server:
        server.redirects["/b.tar"] = "ftp://elsewhere.example/b.tar"  # urllib itself stops file:
        with pytest.raises(FetchError, match=r"redirected away from http and https \(ftp:\)"):
            fetch(server.url("b.tar"), SHA, len(DATA), tmp_path / "downloads")


def test_a_server_that_never_answers_is_given_up_within_the_timeout(tmp_path):
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(1)  # takes the connection and says nothing
        url = f"http://127.0.0.1:{silent.getsockname()[1]}/b.tar"
        with pytest.raises(
            FetchError, match=r"download stopped .* it goes on from where it stopped next time"
        ):
            fetch(url, SHA, len(DATA), tmp_path / "downloads", timeout=0.5)
