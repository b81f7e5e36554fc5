"""A web server on 127.0.0.1 serving bundles, as an operator's own would: Range requests,
an optional speed limit (to catch a download half-way), and a lifetime after which it stops
by itself, so a test that forgets it leaves nothing listening."""

from __future__ import annotations

import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

LIFETIME_SECONDS = 300.0


class _QuietServer(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        """A client killed mid-download (the tests do that) is no error worth a traceback."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class BundleServer:
    def __init__(
        self,
        folder: Path,
        bytes_per_second: int | None = None,
        lifetime: float = LIFETIME_SECONDS,
        ranges: bool = True,
    ):
        self.folder = folder
        self.bytes_per_second = bytes_per_second
        self.ranges = ranges  # False: every answer is the whole file, as some servers do
        self.redirects: dict[str, str] = {}  # path -> Location
        self.requests: list[str] = []  # the Range header of each GET ("" for none)
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                server.requests.append(self.headers.get("Range", ""))
                if self.path in server.redirects:
                    self.send_response(302)
                    self.send_header("Location", server.redirects[self.path])
                    self.end_headers()
                    return
                path = server.folder / self.path.lstrip("/")
                if "/" in self.path.lstrip("/") or not path.is_file():
                    self.send_error(404)
                    return
                data = path.read_bytes()
                start = 0
                if server.ranges and self.headers.get("Range", "").startswith("bytes="):
                    start = int(self.headers["Range"][6:].split("-")[0])
                    self.send_response(206)
                    self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
                else:
                    self.send_response(200)
                self.send_header("Content-Length", str(len(data) - start))
                self.end_headers()
                step = server.bytes_per_second // 20 if server.bytes_per_second else len(data)
                for offset in range(start, len(data), max(1, step)):
                    self.wfile.write(data[offset : offset + step])
                    if server.bytes_per_second:
                        time.sleep(0.05)

            def log_message(self, *args):
                pass

        self.httpd = _QuietServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.timer = threading.Timer(lifetime, self.stop)
        self.timer.daemon = True

    def url(self, name: str) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/{name}"

    def __enter__(self) -> BundleServer:
        self.thread.start()
        self.timer.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def __exit__(self, *exc) -> None:
        self.timer.cancel()
        if self.thread.is_alive():
            self.stop()
