"""Sound for the cabinet: effects synthesized with numpy, played through pygame.mixer.

No audio files ship with the cabinet: :func:`~cabinet.audio.effects.synthesize_all`
builds every effect named in :data:`~cabinet.audio.effects.EFFECTS` at start-up, so
there are no assets to lose and a chain can sound higher the longer it runs.
:class:`~cabinet.audio.player.Audio` plays them, and goes silent (never raising) when
there is no sound device. This package file imports nothing, so tools and tests that
inspect the sounds (and the bench) do not pay for pygame: import each module by its path.
"""
