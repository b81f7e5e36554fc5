"""``release watch``: the updater service's loop, from an announcement or a stick to a kept release.

Each :meth:`Watcher.tick` looks at what the office announced for this cabinet (its own
announcement, else its group's) and at the mounted USB sticks, then moves one release on:

1. **fetch**: the announced bundle is downloaded (:mod:`cabinet.update.fetch`), or a stick's
   bundle copied off (:mod:`cabinet.update.usb`) and, once verified, offered to the operator
   (INSTALL FROM USB on the service menu's VERSION page);
2. **install beside**: :class:`~cabinet.update.releases.Releases` verifies the signature and
   every wheel and builds the release's venv; for an announcement, the bundle's manifest
   signature must also be the announced one;
3. **wait**: the release is offered as UPDATE READY until the cabinet says the moment is safe
   (:mod:`cabinet.update.moment`: empty attract mode, or asleep);
4. **switch and prove**: the health :class:`~cabinet.update.gate.Gate` keeps it or goes back.

Every end (kept, rolled back, refused, a download that failed) is written to ``result.json``
(:mod:`cabinet.update.offer`), which the cabinet puts on its status topic. A bundle refused or
a release rolled back is not tried again until the office announces another; a download that
failed is tried again after :data:`RETRY_SECONDS`. Killed at any step, the next start finishes
the gate's journal and carries on: the partial download resumes, a half-built release is
cleared, and ``current`` always names a complete release.
"""

from __future__ import annotations

import logging
import shutil
import tarfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from cabinet.update import offer, usb
from cabinet.update.announce import Announcement
from cabinet.update.bundle import SIGNATURE, BundleRefused, Target, open_bundle
from cabinet.update.fetch import FetchError, WrongBundle, fetch
from cabinet.update.gate import Gate, Verdict
from cabinet.update.moment import SAFE
from cabinet.update.releases import Releases, UpdateError

log = logging.getLogger("cabinet.update")

RETRY_SECONDS = 300.0  # a failed download is tried again this often
USB_SCAN_SECONDS = 5.0


@dataclass
class Waiting:
    """A release installed beside the running one, waiting for a safe moment."""

    version: str
    source: str  # "network" or "usb"
    key: tuple[str, str] | None = None  # the announcement's (version, sha256); None from a stick


@dataclass
class Watcher:
    """See the module's text. ``heard()`` gives the announcement to follow now (or None),
    ``moment()`` the running cabinet's word, ``mounts()`` the mounted sticks' folders."""

    releases: Releases
    public_key: object
    target: Target
    folder: Path
    gate: Gate
    heard: Callable[[], Announcement | None]
    moment: Callable[[], str]
    mounts: Callable[[], list[Path]] = list
    runtime: Path = Path("/run/arcadeforge")
    unit_problem: Callable[[], str | None] = lambda: (
        None
    )  # why a switch would change nothing the unit runs
    waiting: Waiting | None = None
    usb_version: str | None = None  # a verified stick bundle offered to the operator
    _usb_copy: Path | None = None
    _usb_seen: tuple = ()
    _usb_scanned: float = -USB_SCAN_SECONDS
    _given_up: set = field(default_factory=set)
    _retry_at: dict = field(default_factory=dict)

    def start(self) -> None:
        """Finish what an earlier updater left half-way; forget bundles a result refused."""
        verdict = self.gate.resume()
        if verdict is not None:
            self._record_verdict(verdict)
        last = offer.read_result(self.folder)
        if (
            last is not None
            and last["outcome"] in ("refused", "rolled back")
            and last.get("sha256")
        ):
            self._given_up.add((last["version"], last["sha256"]))
        self._offer()

    def tick(self, now: float) -> None:
        if now - self._usb_scanned >= USB_SCAN_SECONDS:
            self._usb_scanned = now
            self._scan_usb()
        wanted = self.heard()
        if (
            self.waiting is not None
            and self.waiting.source == "network"
            and (wanted is None or wanted.key() != self.waiting.key)
        ):
            log.info(
                "update: release %s is no longer announced; it stays installed but waits no more",
                self.waiting.version,
            )
            self.waiting = None
            self._offer()
        if self.waiting is None:
            requested = offer.usb_requested(self.runtime)
            if requested is not None and requested == self.usb_version:
                self._install_from_usb()
            elif (
                requested is not None
            ):  # the stick it was for is gone: never install a later one unasked
                offer.clear_usb_request(self.runtime)
            if self.waiting is None and wanted is not None:
                self._follow(wanted, now)
        if self.waiting is not None and self.moment() == SAFE:
            self._switch()

    # ------------------------------------------------------------------ the network

    def _follow(self, wanted: Announcement, now: float) -> None:
        key = wanted.key()
        if (
            wanted.version == self.releases.current()
            or key in self._given_up
            or now < self._retry_at.get(key, 0.0)
        ):
            return
        if wanted.version in self.releases.installed():
            self._wait(Waiting(wanted.version, "network", key))
            return
        downloads = self.folder / "downloads"
        try:
            log.info(
                "update: fetching release %s from %s",
                wanted.version,
                wanted.url.split("?")[0][:120],
            )
            bundle = fetch(wanted.url, wanted.sha256, wanted.size, downloads)
        except WrongBundle as exc:
            self._given_up.add(key)
            self._record("refused", wanted.version, str(exc), sha256=wanted.sha256)
            return
        except FetchError as exc:
            self._retry_at[key] = now + RETRY_SECONDS
            self._record("failed", wanted.version, str(exc), sha256=wanted.sha256)
            return
        try:
            self._check_signature_is_announced(bundle, wanted)
            manifest = self.releases.install(bundle, self.public_key, self.target)
            if manifest.version != wanted.version:
                raise BundleRefused(
                    f"{bundle.name}: holds release {manifest.version}, the announcement says {wanted.version}"
                )
        except (BundleRefused, UpdateError) as exc:
            self._given_up.add(key)
            self._record("refused", wanted.version, str(exc), sha256=wanted.sha256)
            return
        finally:
            shutil.rmtree(
                downloads, ignore_errors=True
            )  # installed or refused, the tar is done with
        self._wait(Waiting(wanted.version, "network", key))

    def _check_signature_is_announced(self, bundle: Path, wanted: Announcement) -> None:
        import base64  # only here: the one place an announcement meets its bundle

        try:
            with tarfile.open(bundle, "r:") as tar:
                member = tar.getmember(SIGNATURE)
                handle = tar.extractfile(member) if member.isreg() and member.size < 4096 else None
                signature = handle.read() if handle is not None else b""
        except (OSError, KeyError, tarfile.TarError):
            signature = b""
        if base64.b64encode(signature).decode("ascii") != wanted.manifest_sig:
            raise BundleRefused(
                f"release {wanted.version}: the bundle's manifest signature is not the announced one"
            )

    # ------------------------------------------------------------------ a USB stick

    def _scan_usb(self) -> None:
        found = usb.bundles_on(self.mounts())
        seen = tuple(
            (str(path), path.stat().st_size, path.stat().st_mtime_ns) for path in found[:1]
        )
        if seen == self._usb_seen:
            return
        self._usb_seen = seen
        self.usb_version, self._usb_copy = None, None
        copies = self.folder / "usb"
        usb.clear(copies)
        if found:
            self._offer_stick(found[0], copies)
        self._offer()

    def _offer_stick(self, bundle: Path, copies: Path) -> None:
        try:
            copy = usb.copy_off(bundle, copies)
            opened = copies / "opened"
            try:
                manifest = open_bundle(copy, self.public_key, self.target, opened)
            finally:
                shutil.rmtree(opened, ignore_errors=True)
        except BundleRefused as exc:
            self._record("refused", None, f"USB stick: {exc}")
            log.warning("update: the bundle on the USB stick is refused: %s", exc)
            return
        except OSError as exc:
            log.warning(
                "update: cannot copy %s off the USB stick (%s)", bundle.name, exc.strerror or exc
            )
            return
        if manifest.version == self.releases.current():
            log.info(
                "update: the USB stick holds release %s, which is running already", manifest.version
            )
            return
        self.usb_version, self._usb_copy = manifest.version, copy
        log.info(
            "update: release %s on a USB stick is verified; the service menu offers it",
            manifest.version,
        )

    def _install_from_usb(self) -> None:
        offer.clear_usb_request(self.runtime)
        version, copy = self.usb_version, self._usb_copy
        assert version is not None and copy is not None
        try:
            self.releases.install(copy, self.public_key, self.target)
        except (BundleRefused, UpdateError, OSError) as exc:
            self._record("refused", version, f"USB stick: {exc}")
            return
        self.usb_version = None
        self._wait(Waiting(version, "usb"))

    # ------------------------------------------------------------------ the switch

    def _wait(self, waiting: Waiting) -> None:
        self.waiting = waiting
        log.info(
            "update: release %s is installed and waits for a safe moment (attract mode, no credits)",
            waiting.version,
        )
        self._offer()

    def _switch(self) -> None:
        waiting, self.waiting = self.waiting, None
        assert waiting is not None
        self._offer()
        problem = self.unit_problem()
        if problem is not None:
            if waiting.key is not None:
                self._given_up.add(waiting.key)
            self._record(
                "refused", waiting.version, problem, sha256=waiting.key[1] if waiting.key else None
            )
            return
        verdict = self.gate.update(waiting.version)
        if verdict.outcome != "kept" and waiting.key is not None:
            self._given_up.add(waiting.key)
        self._record_verdict(verdict, sha256=waiting.key[1] if waiting.key else None)

    def _offer(self) -> None:
        ready = (
            {"version": self.waiting.version, "source": self.waiting.source}
            if self.waiting
            else None
        )
        offer.write_offer(
            self.folder,
            ready=ready,
            usb={"version": self.usb_version} if self.usb_version else None,
        )

    def _record_verdict(self, verdict: Verdict, sha256: str | None = None) -> None:
        self._record(
            verdict.outcome,
            verdict.version,
            verdict.reason,
            previous=verdict.previous,
            sha256=sha256,
        )

    def _record(
        self,
        outcome: str,
        version: str | None,
        reason: str,
        previous: str | None = None,
        sha256: str | None = None,
    ) -> None:
        (log.info if outcome == "kept" else log.warning)(
            "update: release %s %s%s",
            version or "(unread)",
            outcome,
            f": {reason}" if reason else "",
        )
        offer.write_result(self.folder, outcome, version, reason, previous=previous, sha256=sha256)
