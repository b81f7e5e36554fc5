"""Doctor: the sound device. Opens the mixer with the operator's rate and buffer, as the cabinet does."""

from __future__ import annotations

import os

from cabinet.doctor import OK, SKIP, WARN, Result


def check(context) -> list[Result]:
    driver = os.environ.get("SDL_AUDIODRIVER", "")
    if driver.lower() in ("dummy", "disk"):
        return [
            Result(
                "sound",
                SKIP,
                f"SDL_AUDIODRIVER={driver}: no sound device to check here (the cabinet's unit uses alsa)",
            )
        ]
    import pygame
    from pygame._sdl2.audio import get_audio_device_names

    from cabinet.audio.player import PygameMixer

    audio = context.settings.audio
    try:
        rate, size, channels = PygameMixer().open(audio.sample_rate, audio.buffer)
    except pygame.error as exc:
        # A warning, not a failure: the cabinet plays on in silence (coins still count).
        where = f"{context.board.sound}; " if context.board.sound else ""
        return [
            Result(
                "sound",
                WARN,
                f"the mixer will not open ({exc or 'no reason given'}): the cabinet "
                f"would play silent; {where}list the cards with aplay -l and check "
                "one with: speaker-test -c 2 -l 1",
            )
        ]
    try:
        names = get_audio_device_names(False)
        found = f"{rate} Hz, {abs(size)}-bit, {channels} channel(s) on {names[0] if names else 'the default device'}"
        if rate != audio.sample_rate:
            return [
                Result(
                    "sound", WARN, f"{found}; asked for {audio.sample_rate} Hz (audio.sample_rate)"
                )
            ]
        if context.board.is_pi5:
            found += f" ({context.board.sound})"
        return [Result("sound", OK, found)]
    finally:
        pygame.mixer.quit()
