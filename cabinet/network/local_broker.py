"""A throwaway Mosquitto on the loopback interface, for the tests and the bench.

It listens on 127.0.0.1 only, on a free port, with a configuration written into
a folder of the caller's; persistence is on, so a broker stopped (SIGTERM) and
started again keeps retained messages and queued QoS 1 messages, as a real one does.
"""

from __future__ import annotations

import getpass
import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path


def mosquitto_path() -> str | None:
    for name in ("mosquitto", "/usr/sbin/mosquitto"):
        found = shutil.which(name)
        if found:
            return found
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class LocalBroker:
    """``users`` {name: password} turns anonymous access off; ``acl`` is an ACL file's text;
    ``tls`` (cafile, certfile, keyfile) makes the listener a TLS one. :meth:`use_config`
    replaces the configuration (the example one under config/mosquitto, say)."""

    def __init__(
        self,
        folder: str | os.PathLike,
        *,
        users: dict[str, str] | None = None,
        acl: str | None = None,
        tls: tuple[str, str, str] | None = None,
        port: int | None = None,
    ):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.process: subprocess.Popen | None = None
        self.config = self.folder / "mosquitto.conf"
        lines = [
            f"listener {self.port} 127.0.0.1",
            f"allow_anonymous {'false' if users else 'true'}",
            "persistence true",
            f"persistence_location {self.folder}/",
            f"log_dest file {self.folder / 'mosquitto.log'}",
            "max_queued_messages 0",  # a persistent session's queue has no limit
            "max_inflight_messages 100",
            f"user {getpass.getuser()}",
        ]  # never drop to a user that cannot read this folder
        if users:
            lines.append(f"password_file {self.password_file(users)}")
        if acl is not None:
            acl_file = self.folder / "acl"
            acl_file.write_text(acl)
            acl_file.chmod(0o600)
            lines.append(f"acl_file {acl_file}")
        if tls:
            cafile, certfile, keyfile = tls
            lines += [f"cafile {cafile}", f"certfile {certfile}", f"keyfile {keyfile}"]
        self.config.write_text("\n".join(lines) + "\n")

    def password_file(self, users: dict[str, str]) -> Path:
        passwords = self.folder / "passwords"
        passwords.write_text("")
        passwords.chmod(0o600)
        for name, password in users.items():
            subprocess.run(
                ["mosquitto_passwd", "-b", str(passwords), name, password],
                check=True,
                capture_output=True,
            )
        return passwords

    def use_config(self, text: str) -> None:
        """Run with ``text`` as the whole configuration (it must listen on :attr:`port`)."""
        self.config.write_text(
            text + f"\nlog_dest file {self.folder / 'mosquitto.log'}\nuser {getpass.getuser()}\n"
        )

    def start(self, timeout: float = 20.0) -> LocalBroker:
        """Start it and wait until it accepts connections."""
        binary = mosquitto_path()
        if binary is None:
            raise FileNotFoundError(
                "mosquitto is not installed (Debian: apt-get install mosquitto)"
            )
        self.process = subprocess.Popen(
            [binary, "-c", str(self.config)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"mosquitto exited at start: {self.log_tail()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"mosquitto did not listen on 127.0.0.1:{self.port} within {timeout} s")

    def stop(self, kill: bool = False) -> None:
        """SIGTERM (it saves its state first), or SIGKILL with ``kill``."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def log_tail(self, lines: int = 5) -> str:
        try:
            return " | ".join((self.folder / "mosquitto.log").read_text().splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def __enter__(self) -> LocalBroker:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def make_test_certificates(folder: str | os.PathLike) -> tuple[str, str, str]:
    """A CA and a server certificate for 127.0.0.1/localhost, made with openssl:
    (CA file, server certificate, server key)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    ca_key, ca_crt = folder / "ca.key", folder / "ca.crt"
    key, csr, crt = folder / "server.key", folder / "server.csr", folder / "server.crt"
    ext = folder / "server.ext"
    ext.write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\n")

    def openssl(*args):
        subprocess.run(["openssl", *args], check=True, capture_output=True)

    openssl(
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        str(ca_key),
        "-out",
        str(ca_crt),
        "-days",
        "2",
        "-subj",
        "/CN=arcadeforge test CA",
    )
    openssl(
        "req",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        str(key),
        "-out",
        str(csr),
        "-subj",
        "/CN=localhost",
    )
    openssl(
        "x509",
        "-req",
        "-in",
        str(csr),
        "-CA",
        str(ca_crt),
        "-CAkey",
        str(ca_key),
        "-CAcreateserial",
        "-out",
        str(crt),
        "-days",
        "2",
        "-extfile",
        str(ext),
    )
    return str(ca_crt), str(crt), str(key)
