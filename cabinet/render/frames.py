"""Which 60 Hz frames are worth drawing and showing: most of attract mode's are not.

A scene states its picture as a *look* (:meth:`cabinet.scenes.kit.base.Scene.look`):
any value that changes whenever what it draws would. While the top scene and
its look stay the same, the frame is neither drawn nor presented; the screen
keeps showing the last one. A scene that cannot say (``look()`` is None, the
default) is drawn every frame, and the frame is presented only when its pixels
differ from the last one shown: comparing costs a tenth of showing it. A
picture that changes every frame (a game in play) is compared only every few
frames, so animation does not pay for comparisons that always differ.
"""

from __future__ import annotations

import weakref

import numpy

TRUST_AFTER = 8  # frames in a row that changed, after which most comparisons are skipped
STRIPS = 8  # the picture is compared strip by strip, so that a change ends the comparison


class FrameGate:
    """Remembers what is on the screen, and says whether a new frame would differ."""

    def __init__(self):
        self._scene = None  # weak reference: the gate must never keep a finished scene alive
        self._look = None
        self._pixels: numpy.ndarray | None = None
        self._changing = 0  # frames in a row whose pixels changed (scenes without a look)
        self._saved: numpy.ndarray | None = None  # reused for every copy: see _keep
        self._strip = 0  # the strip where the last change was found: looked at first

    def invalidate(self) -> None:
        """The screen lost its picture (a new window, an exposed one): show the next frame."""
        self._scene = None
        self._look = None
        self._pixels = None

    def needs_drawing(self, scene, look) -> bool:
        """False when ``scene`` is what is shown and its ``look`` has not changed."""
        shown = self._scene() if self._scene is not None else None
        return not (shown is scene and look is not None and look == self._look)

    def shows_new_picture(self, scene, look, surface) -> bool:
        """After drawing ``scene`` on ``surface``: whether to present it. Records what is shown."""
        new_scene = self._scene is None or self._scene() is not scene
        self._scene = weakref.ref(scene)
        self._look = look
        if look is not None:
            self._pixels = None  # known to be new; the next pixel comparison must not match
            return True
        if new_scene:
            self._changing = 0
        elif self._trusted(self._changing):
            # A picture that changed frame after frame (a game) is trusted to again, and
            # checked only every TRUST_AFTER frames: the comparison would be wasted work.
            self._changing += 1
            self._pixels = (
                self._keep(_pixels(surface)) if self._changing % TRUST_AFTER == 0 else None
            )
            return True
        pixels = _pixels(surface)
        if not new_scene and self._pixels is not None and self._same(pixels, self._pixels):
            self._changing = 0
            return False
        self._changing += 1
        # Kept only for a comparison on the next frame: a trusted frame would not look at it.
        self._pixels = None if self._trusted(self._changing) else self._keep(pixels)
        return True

    def _same(self, pixels: numpy.ndarray, saved: numpy.ndarray) -> bool:
        """Whether ``pixels`` equal the ``saved`` picture. A change is looked for first where
        the last one was (an animation stays in its place), then strip by strip."""
        length = -(-len(pixels) // STRIPS)
        for strip in (self._strip, *range(STRIPS)):
            part = slice(strip * length, (strip + 1) * length)
            if not numpy.array_equal(pixels[part], saved[part]):
                self._strip = strip
                return False
        return True

    def _keep(self, pixels: numpy.ndarray) -> numpy.ndarray:
        """A copy of ``pixels``, always into the same array: a fresh 2 MB one each time
        came from the system, a page fault per 4 kB: 0.65 ms a copy here instead of 0.09."""
        if (
            self._saved is None
            or self._saved.shape != pixels.shape
            or self._saved.dtype != pixels.dtype
        ):
            self._saved = numpy.empty_like(pixels)
        numpy.copyto(self._saved, pixels)
        return self._saved

    @staticmethod
    def _trusted(changing: int) -> bool:
        """Whether a frame after ``changing`` changed frames in a row is presented uncompared."""
        return changing >= TRUST_AFTER and changing % TRUST_AFTER != 0


def _pixels(surface) -> numpy.ndarray:
    """The surface's pixels as a flat array, without a copy, in 8-byte words where the
    size allows: compared so, they cost a fraction of copying them out first."""
    buffer = surface.get_buffer()
    return numpy.frombuffer(buffer, dtype=numpy.uint64 if buffer.length % 8 == 0 else numpy.uint8)
