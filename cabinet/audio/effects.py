"""Every sound effect of the cabinet, each a short recipe for :class:`Synth`.

``EFFECTS`` maps each effect name (the list in CONTRACTS.md) to its recipe, in
a fixed order. A recipe takes a :class:`Synth` and returns the finished sound:
mono float32 in -1..1. The ``level`` given to :func:`effect` is the sound's
peak: quiet ticks for things that happen every second, loud fanfares for the
rare big moments, and headroom for several sounds playing at once.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from cabinet.audio.synth import Synth, echo, lowpass, transpose
from cabinet.games.sounds import CHAIN_STEPS, CLEAR_SIZES, chain_effect, clear_effect

Recipe = Callable[[Synth], np.ndarray]

EFFECTS: dict[str, Recipe] = {}


def synthesize_all(sample_rate: int = 44100) -> dict[str, np.ndarray]:
    """Every effect by name: mono float32 arrays in -1..1 at ``sample_rate``.

    The result is the same on every call (the noise is seeded).
    """
    synth = Synth(sample_rate)
    return {name: recipe(synth) for name, recipe in EFFECTS.items()}


def effect(name: str, level: float, *args):
    """Register the decorated recipe as ``name``, finished at peak ``level``.

    Extra ``args`` are passed to the recipe, so one recipe can make a family
    (the four line clears, the eight chain steps).
    """

    def register(recipe):
        EFFECTS[name] = lambda synth: synth.finish(recipe(synth, *args), level)
        return recipe

    return register


def melody(synth: Synth, notes, beat: float, **tone) -> np.ndarray:
    """A run of ``(note, beats)`` pairs on one voice; a note of None is a rest."""
    return synth.seq(
        *(
            synth.rest(beats * beat) if note is None else synth.tone(note, beats * beat, **tone)
            for note, beats in notes
        )
    )


def arpeggio(
    synth: Synth, root: str | float, intervals, step: float, hold: float, duty: float = 0.25
) -> np.ndarray:
    """Quick notes at ``intervals`` semitones above ``root``, the last one held and fading."""
    notes = [synth.tone(transpose(root, i), step, duty=duty, release=0.006) for i in intervals[:-1]]
    last = synth.tone(transpose(root, intervals[-1]), hold, duty=duty, decay=hold / 3, release=0.03)
    return synth.seq(*notes, last)


# ------------------------------------------------------------------------ BLOCKS


@effect("blocks_pickup", 0.45)
def pickup(s: Synth):
    """A short upward chirp: the piece leaves the tray."""
    return s.mix(
        s.tone("E5", 0.06, duty=0.25, glide_to="B5", decay=0.04),
        (0.025, s.tone("E6", 0.05, duty=0.125, decay=0.025, level=0.4)),
    )


@effect("blocks_place", 0.7)
def place(s: Synth):
    """A dull thunk: a falling triangle with a click of noise on top."""
    return s.mix(
        s.tone("G3", 0.13, wave="triangle", glide_to="C3", decay=0.06),
        s.tone("C4", 0.04, duty=0.5, decay=0.015, level=0.3),
        s.noise(0.035, clock=6000, clock_to=1500, decay=0.01, level=0.6, seed=11),
    )


@effect("blocks_invalid", 0.55)
def invalid(s: Synth):
    """Two low detuned buzzes: "eh-eh", it does not fit."""

    def buzz():
        return s.mix(s.tone("Bb2", 0.08), s.tone(transpose("Bb2", 0.3), 0.08, duty=0.4))

    return lowpass(s.seq(buzz(), s.rest(0.04), buzz()), 2500, s.rate)


@effect("blocks_rotate", 0.4)
def rotate(s: Synth):
    """A thin tick, quick enough to repeat."""
    return s.tone("A5", 0.04, duty=0.125, glide_to="D6", decay=0.02)


def clear(s: Synth, lines: int):
    """A burst of noise under a rising C major arpeggio, bigger for more lines.

    Each extra line adds a note to the arpeggio, length to the burst, and from
    two lines a bass hit, from three an echo, at four an octave above.
    """
    steps = [0, 4, 7, 12, 16, 19][: lines + 2]
    lead = arpeggio(s, "C5", steps, 0.045, 0.12 + 0.04 * lines)
    layers = [
        lead,
        s.noise(
            0.15 + 0.08 * lines,
            clock=16000,
            clock_to=1500,
            decay=0.05 + 0.03 * lines,
            level=0.7,
            seed=20 + lines,
        ),
    ]
    if lines >= 2:
        layers.append(s.tone("C3", 0.25, wave="triangle", glide_to="C2", decay=0.1))
    if lines >= 4:
        layers.append(0.5 * arpeggio(s, "C6", steps, 0.045, 0.3, duty=0.125))
    out = s.mix(*layers)
    return echo(out, 0.09, 0.35, 2, s.rate) if lines >= 3 else out


for _lines in CLEAR_SIZES:
    effect(clear_effect(_lines), 0.59 + 0.07 * _lines, _lines)(clear)


@effect("blocks_streak", 0.7)
def streak(s: Synth):
    """A bright G major fanfare with an echo: the streak goes on."""
    run = s.seq(
        arpeggio(s, "G5", [0, 4, 7], 0.06, 0.06),
        s.tone("G6", 0.28, duty=0.25, vibrato=0.3, decay=0.12, release=0.04),
    )
    return echo(run, 0.1, 0.3, 2, s.rate)


@effect("blocks_wipeout", 0.9)
def wipeout(s: Synth):
    """The board is empty: an explosion, a two-octave run, a shimmering chord."""
    run = arpeggio(s, "C5", [0, 4, 7, 12, 16, 19, 24], 0.045, 0.05)
    chord = s.mix(
        *(
            s.tone(note, 0.6, duty=duty, vibrato=0.25, decay=0.3, release=0.1, level=0.6)
            for note, duty in (("C6", 0.25), ("E6", 0.5), ("G6", 0.125))
        )
    )
    return s.mix(
        s.noise(0.7, clock=20000, clock_to=600, decay=0.25, level=0.7, seed=30),
        s.tone("C3", 0.4, wave="triangle", glide_to="C4", decay=0.2),
        run,
        (0.3, chord),
    )


# ------------------------------------------------------------------ ANTI-GRAVITY


@effect("ag_move", 0.3)
def move(s: Synth):
    """The softest tick: the cursor moves many times a second."""
    return s.tone("E6", 0.025, duty=0.125, decay=0.012)


def push(s: Synth, low: str, high: str, noise_low: float, noise_high: float):
    """A whoosh: a triangle glide with a swept noise, both one way."""
    return s.mix(
        s.tone(low, 0.11, wave="triangle", glide_to=high, decay=0.06),
        s.tone(low, 0.03, duty=0.25, decay=0.01, level=0.3),
        s.noise(0.1, clock=noise_low, clock_to=noise_high, decay=0.05, level=0.4, seed=40),
    )


@effect("ag_push_bottom", 0.55)
def push_bottom(s: Synth):
    """Pushed in from below: the whoosh rises."""
    return push(s, "A3", "A4", 3000, 9000)


@effect("ag_push_top", 0.55)
def push_top(s: Synth):
    """Pushed in from above: the whoosh falls."""
    return push(s, "A4", "A3", 9000, 3000)


def chain(s: Synth, step: int):
    """A rising arpeggio two semitones higher, quicker and louder for every chain step.

    The held top note (an octave over the root, doubled by a triangle) carries
    the pitch the ear follows; from step 5 it also sparkles with an echo.
    """
    root = transpose("A4", 2 * (step - 1))
    step_time, hold = 0.05 - 0.002 * step, 0.22
    top = s.tone(
        transpose(root, 12), hold, wave="triangle", decay=hold / 3, release=0.03, level=0.6
    )
    out = s.mix(
        arpeggio(s, root, [0, 4, 7, 12], step_time, hold),
        (3 * step_time, top),
        s.noise(0.05, clock=14000, clock_to=4000, decay=0.02, level=0.4, seed=50 + step),
    )
    return echo(out, 0.08, 0.3, 1, s.rate) if step >= 5 else out


for _step in CHAIN_STEPS:
    effect(chain_effect(_step), 0.57 + 0.03 * _step, _step)(chain)


@effect("ag_pass", 0.5)
def pass_line(s: Synth):
    """A block crosses the S line: a quick upward warp with a shimmer."""
    return echo(s.tone("E5", 0.12, duty=0.125, glide_to="E7", decay=0.08), 0.05, 0.4, 2, s.rate)


@effect("ag_tick", 0.55)
def tick(s: Synth):
    """The timer's last seconds: a woodblock knock."""
    return s.mix(
        s.tone("G6", 0.05, wave="triangle", decay=0.015),
        s.noise(0.012, clock=15000, level=0.4, seed=60, release=0.006),
    )


@effect("ag_forced", 0.7)
def forced(s: Synth):
    """Time ran out: a heavy clunk and a falling buzz."""
    return s.mix(
        s.tone("E4", 0.2, glide_to="E3", decay=0.1),
        s.tone("E2", 0.22, wave="triangle", decay=0.12),
        s.noise(0.08, clock=4000, clock_to=800, decay=0.03, level=0.6, seed=70),
    )


@effect("danger", 0.6)
def danger(s: Synth):
    """Danger (a stack near the S line, a tray with at most one piece that fits): two urgent beeps."""
    beep = s.tone("B5", 0.07, duty=0.5, vibrato=0.2, release=0.01)
    return s.seq(
        beep, s.rest(0.05), s.tone("B5", 0.1, duty=0.5, vibrato=0.2, decay=0.05, release=0.02)
    )


@effect("ag_horizon_warn", 0.6)
def horizon_warn(s: Synth):
    """A row of the widening horizon is coming: a low siren that swells up and sinks back."""
    swell = s.tone("F3", 0.35, duty=0.5, glide_to="B3", vibrato=0.3, release=0.02)
    sink = s.tone("B3", 0.4, duty=0.5, glide_to="E3", decay=0.2, release=0.04)
    return s.mix(s.seq(swell, sink), s.tone("F2", 0.75, wave="triangle", decay=0.4, level=0.6))


@effect("ag_horizon_grow", 0.75)
def horizon_grow(s: Synth):
    """The row takes effect: a deep boom with a grinding rumble, the field closing in."""
    boom = s.tone("C2", 0.6, wave="triangle", glide_to="G1", decay=0.25)
    rumble = s.noise(0.6, clock=900, clock_to=200, decay=0.3, level=0.7, seed=91)
    return s.mix(boom, rumble, s.tone("C#3", 0.4, duty=0.125, glide_to="C2", decay=0.15, level=0.4))


@effect("blocks_level_up", 0.7)
def level_up(s: Synth):
    """BLOCKS reaches a new ramp level: a quick climbing fanfare, a warning in a major key."""
    return arpeggio(s, "D5", [0, 5, 7, 12], 0.06, 0.3, duty=0.5)


# ------------------------------------------------------------------------ versus


@effect("versus_attack", 0.6)
def attack(s: Synth):
    """Stones thrown at the other board: a rising whoosh with a bright edge."""
    return s.mix(
        s.noise(0.22, clock=1500, clock_to=9000, decay=0.12, level=0.7, seed=81),
        s.tone("C5", 0.18, duty=0.125, glide_to="C7", decay=0.1, level=0.5),
    )


@effect("versus_stones", 0.7)
def stones(s: Synth):
    """Stones land on your board: three heavy low knocks, one after the other."""

    def knock(note: str, seed: int):
        return s.mix(
            s.tone(note, 0.09, wave="triangle", glide_to=transpose(note, -5), decay=0.04),
            s.noise(0.03, clock=2500, clock_to=600, decay=0.01, level=0.5, seed=seed),
        )

    return s.seq(knock("D3", 82), s.rest(0.02), knock("C3", 83), s.rest(0.02), knock("A2", 84))


@effect("versus_cancel", 0.6)
def cancel(s: Synth):
    """Your attack meets the stones coming for you: two bright notes clash and ring out."""
    return s.mix(
        s.noise(0.05, clock=12000, clock_to=3000, decay=0.02, level=0.6, seed=85),
        s.tone("E6", 0.2, duty=0.5, decay=0.08, release=0.03, level=0.6),
        (0.03, s.tone("B6", 0.25, duty=0.25, vibrato=0.3, decay=0.1, release=0.04, level=0.5)),
    )


@effect("versus_pop", 0.6)
def pop(s: Synth):
    """A stone beside a run breaks: a dry crack and its pieces rattling away."""
    return s.seq(
        s.mix(
            s.noise(0.04, clock=18000, clock_to=5000, decay=0.012, seed=86),
            s.tone("A4", 0.05, duty=0.5, glide_to="A3", decay=0.02),
        ),
        s.noise(0.08, clock=7000, clock_to=2000, decay=0.03, level=0.45, seed=87),
    )


@effect("versus_challenger", 0.85)
def challenger(s: Synth):
    """HERE COMES A NEW CHALLENGER: an alarm-like rising fanfare."""
    siren = s.seq(
        s.tone("A4", 0.1, duty=0.5, glide_to="A5", release=0.01),
        s.tone("A4", 0.1, duty=0.5, glide_to="A5", release=0.01),
    )
    return s.seq(siren, arpeggio(s, "A4", [0, 4, 7, 12], 0.07, 0.35, duty=0.5))


@effect("ladder_next", 0.75)
def ladder_next(s: Synth):
    """A CPU level beaten, the next one waiting: a bright rising call and a held fifth."""
    call = arpeggio(s, "G4", [0, 4, 7, 12, 16], 0.07, 0.2, duty=0.25)
    return s.seq(
        call,
        s.mix(
            s.tone("D6", 0.4, duty=0.25, vibrato=0.2, decay=0.2, release=0.06),
            s.tone("G3", 0.4, wave="triangle", decay=0.2),
        ),
    )


@effect("ladder_master", 0.85)
def ladder_master(s: Synth):
    """MASTER beaten, the climb cleared: a victory fanfare, a rising run into a big major chord."""
    run = melody(
        s,
        [("C5", 1), ("E5", 1), ("G5", 1), ("C6", 2), ("G5", 1), ("C6", 2)],
        0.08,
        duty=0.25,
        release=0.02,
    )
    chord = s.mix(
        *(
            s.tone(note, 0.6, duty=duty, vibrato=0.3, decay=0.3, release=0.1, level=level)
            for note, duty, level in (("E6", 0.25, 0.6), ("C6", 0.125, 0.4), ("G5", 0.5, 0.35))
        ),
        s.tone("C3", 0.6, wave="triangle", decay=0.3, release=0.1),
    )
    return s.seq(run, chord)


# ---------------------------------------------------------------------- cabinet


@effect("coin", 0.55)
def coin(s: Synth):
    """Two bright notes a fifth apart, the second ringing."""
    return s.seq(s.tone("A5", 0.06, release=0.005), s.tone("E6", 0.35, decay=0.12, release=0.05))


@effect("credit", 0.6)
def credit(s: Synth):
    """A bell-like E major run: a credit is ready."""
    return echo(arpeggio(s, "E5", [0, 4, 7, 12], 0.04, 0.25), 0.07, 0.3, 1, s.rate)


@effect("start", 0.8)
def start(s: Synth):
    """Power up: two voices sweep up two octaves into a ringing chord."""
    sweep = s.mix(
        s.tone("C4", 0.22, duty=0.25, glide_to="C6", release=0.005),
        s.tone("C3", 0.22, wave="triangle", glide_to="C5", release=0.005),
    )
    chord = s.mix(
        *(
            s.tone(note, 0.45, duty=0.25, vibrato=0.2, decay=0.2, release=0.06, level=0.5)
            for note in ("C5", "G5", "C6", "E6")
        ),
        s.tone("C3", 0.45, wave="triangle", decay=0.2),
    )
    return s.seq(sweep, chord)


@effect("ready", 0.55)
def ready(s: Synth):
    """READY: one held note that leaves the ear waiting."""
    return s.tone("G4", 0.3, duty=0.25, vibrato=0.15, decay=0.12, release=0.04)


@effect("go", 0.75)
def go(s: Synth):
    """GO: the same note an octave up, with a kick under it, and off they go."""
    return s.mix(
        s.tone("G5", 0.25, duty=0.25, decay=0.1, release=0.03),
        s.tone("G3", 0.2, wave="triangle", glide_to="G2", decay=0.08),
        s.noise(0.06, clock=12000, clock_to=3000, decay=0.02, level=0.5, seed=90),
    )


@effect("game_over", 0.7)
def game_over(s: Synth):
    """Three falling steps and a long sad note with vibrato, on the white keys of the music
    (:mod:`cabinet.audio.tracks`): it lands on A minor, wherever the music faded out."""
    notes = [("E5", 1), ("D5", 1), ("B4", 1)]
    lead = s.seq(
        melody(s, notes, 0.22, duty=0.5, release=0.03),
        s.tone("C5", 0.6, vibrato=0.4, decay=0.35, release=0.1),
    )
    bass = s.seq(
        melody(s, [("C4", 1), ("G3", 1), ("E3", 1)], 0.22, wave="triangle", release=0.03),
        s.tone("A2", 0.6, wave="triangle", decay=0.35, release=0.1),
    )
    return s.mix(0.7 * lead, bass)


@effect("new_record", 0.8)
def new_record(s: Synth):
    """A score for the table: a quick C major run up and a ringing chord, the music's home key."""
    run = melody(s, [("G5", 1), ("C6", 1), ("E6", 1), ("G6", 1)], 0.06, duty=0.25, release=0.006)
    chord = s.mix(
        *(
            s.tone(note, 0.5, duty=0.25, vibrato=0.25, decay=0.25, release=0.08, level=level)
            for note, level in (("C6", 0.5), ("E6", 0.4), ("G6", 0.35))
        ),
        s.tone("C4", 0.5, wave="triangle", decay=0.25, release=0.08),
    )
    return s.seq(run, chord)


@effect("initials_letter", 0.4)
def initials_letter(s: Synth):
    """A small blip for each letter turned."""
    return s.tone("C6", 0.035, duty=0.25, decay=0.02)


@effect("initials_confirm", 0.55)
def initials_confirm(s: Synth):
    """Three rising notes: name entered."""
    return s.seq(
        melody(s, [("G5", 1), ("D6", 1)], 0.06, duty=0.25, release=0.006),
        s.tone("G6", 0.18, duty=0.25, decay=0.07, release=0.03),
    )


@effect("menu_move", 0.35)
def menu_move(s: Synth):
    """The quietest blip: moving through a menu."""
    return s.tone("G5", 0.03, duty=0.125, decay=0.015)


@effect("menu_select", 0.5)
def menu_select(s: Synth):
    """A fifth up: chosen."""
    return s.seq(
        s.tone("C6", 0.05, duty=0.25, release=0.005),
        s.tone("G6", 0.12, duty=0.25, decay=0.06, release=0.03),
    )


@effect("title_jingle", 0.8)
def title_jingle(s: Synth):
    """Two seconds of tune for the title page: lead, bass, hi-hats and a final chord."""
    eighth = 0.19
    lead = melody(
        s,
        [
            ("G4", 0.5),
            ("C5", 0.5),
            ("E5", 0.5),
            ("G5", 1),
            ("E5", 0.5),
            ("G5", 1),
            ("A5", 0.5),
            ("B5", 0.5),
            ("C6", 1),
            ("D6", 1),
        ],
        eighth,
        duty=0.25,
        release=0.02,
    )
    bass = melody(
        s,
        [("C3", 1), ("C4", 1), ("C3", 1), ("C4", 1), ("F3", 1), ("G3", 1), ("G2", 1)],
        eighth,
        wave="triangle",
        release=0.03,
    )
    hats = s.mix(
        *(
            (k * eighth, s.noise(0.03, clock=18000, decay=0.01, level=0.25, seed=80))
            for k in range(7)
        )
    )
    ending = s.mix(
        *(
            s.tone(note, 0.9, duty=duty, vibrato=0.25, decay=0.4, release=0.15, level=level)
            for note, duty, level in (("E6", 0.25, 0.6), ("C6", 0.125, 0.35), ("G5", 0.5, 0.3))
        ),
        s.tone("C3", 0.9, wave="triangle", decay=0.4, release=0.15),
        s.noise(0.6, clock=16000, clock_to=5000, decay=0.2, level=0.25, seed=81),
    )
    return s.seq(s.mix(0.8 * lead, bass, hats), ending)
