"""The BLOCKS versus screen: one callout at a time over a board, readable over any block."""

from types import SimpleNamespace

import pygame

from cabinet.games.blocks.versus import BlocksVersus
from cabinet.games.match import Match
from cabinet.render import palette
from cabinet.scenes.blocks import versus_view as view
from cabinet.scenes.blocks.shown_seat import STONE_COLOUR, ShownSeat
from cabinet.scenes.flow.play import match_scene
from cabinet.scenes.kit import callout
from support.app import make_app


def _scene():
    app = make_app()
    scene = match_scene(app.ctx, Match("blocks", 1, 5))
    app.ctx.scenes.reset(scene)
    scene.countdown.skip()
    return app, scene


def _clear(**news):
    """A placement's result that cleared the top row (what the scene reads of one)."""
    cleared = [(0, col) for col in range(8)]
    fields = dict(
        rows=[0], cols=[], cleared=cleared, cells=cleared[:3], points=245, streak=3, wipe_out=False
    )
    fields.update(attack=3, cancelled=1, landed=())
    fields.update(news)
    return SimpleNamespace(**fields)


def test_a_move_is_heard_in_three_layers_at_most():
    """Place, clear, streak, wipe-out, cancel and attack all started in one frame summed past
    the mixer's full scale: a move sounds its landing, streak and stones."""
    app, scene = _scene()
    seat = scene.seat_for(1)
    heard = app.ctx.audio.played
    for news, expected in [
        ({}, ["blocks_clear_1", "blocks_streak", "versus_attack"]),
        ({"wipe_out": True}, ["blocks_wipeout", "versus_attack"]),
        ({"attack": 1, "cancelled": 1, "streak": 1}, ["blocks_clear_1", "versus_cancel"]),
        ({"rows": [], "cleared": [], "attack": 0, "cancelled": 0}, ["blocks_place"]),
    ]:
        heard.clear()
        scene._placed(seat, _clear(**news))
        assert heard == expected, news


def _plates(monkeypatch):
    """Every callout plate drawn: (rectangle, words, detail)."""
    drawn = []
    real = callout.draw_on_plate

    def spy(surface, plate, words, colour, size, detail="", detail_size=21):
        drawn.append((pygame.Rect(plate), words, detail))
        return real(surface, plate, words, colour, size, detail, detail_size)

    monkeypatch.setattr(callout, "draw_on_plate", spy)
    return drawn


def test_points_streak_attack_cancel_and_stones_never_pile_up_on_one_board(monkeypatch, tmp_path):
    """Seen on a cabinet: "1 STONE!", "CANCEL 1", "STREAK x3", "+245" and "ATTACK 3" over one
    board at once. Now a board shows one callout at a time, and every one is read."""
    app, scene = _scene()
    seat = scene.seat_for(1)
    scene._placed(seat, _clear())
    scene._stones_landed(seat, [(7, 7)])
    drawn = _plates(monkeypatch)
    surface = pygame.Surface((960, 540))
    said = set()
    for frame in range(200):
        del drawn[:]
        app.step()
        scene.draw(surface)
        over = [
            (rect, words, detail)
            for rect, words, detail in drawn
            if view.board_rect(1).colliderect(rect)
        ]
        assert len(over) <= 1, (frame, over)
        for rect, words, detail in over:
            assert view.board_rect(1).contains(rect)
            said |= {words, *detail.split("  ")}
        if frame == 40:
            pygame.image.save(surface, str(tmp_path / "one-callout.png"))
    assert {"ATTACK 2", "CANCEL 1", "+245", "1 STONE!"} <= said


def _contrast(one, two) -> float:
    def luminance(colour):
        channels = [c / 255 for c in colour[:3]]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(one), luminance(two)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _behind(surface, rect, colour):
    """The pixels behind the letters of ``colour`` in ``rect``: those not near that colour."""
    pixels = [
        surface.get_at((x, y))
        for x in range(rect.x, rect.right)
        for y in range(rect.y, rect.bottom)
    ]
    far = [p for p in pixels if sum(abs(a - b) for a, b in zip(p[:3], colour)) > 120]
    return sorted(far, key=lambda p: sum(p[:3]))[len(far) // 2]  # the median one


def test_a_callout_reads_over_grey_stones_and_green_blocks_at_full_and_half_resolution(
    monkeypatch, tmp_path
):
    app, scene = _scene()
    for player, colour in ((1, STONE_COLOUR), (2, palette.GREEN)):
        seat = scene.seat_for(player)
        seat.grid = [[colour] * 8 for _ in range(8)]
        seat.grid_board = seat.game.board
    scene._say(1, callout.Callout("1 STONE!", palette.ORANGE, view.board_centre(1), 35))
    scene._say(2, callout.Callout("CANCEL 1", palette.GREEN, view.board_centre(2), 35))
    app.step()
    surface = pygame.Surface((960, 540))
    scene.draw(surface)
    pygame.image.save(surface, str(tmp_path / "callouts-full.png"))
    half = pygame.transform.smoothscale(surface, (480, 270))
    pygame.image.save(half, str(tmp_path / "callouts-half.png"))
    for player in (1, 2):
        shown = scene.callouts[player].shown
        letters = shown.rect.inflate(-2 * callout.PAD_X, -2 * callout.PAD_Y)
        assert _contrast(shown.colour, _behind(surface, letters, shown.colour)) >= 4.5, shown.words
        small = pygame.Rect(letters.x // 2, letters.y // 2, letters.width // 2, letters.height // 2)
        assert _contrast(shown.colour, _behind(half, small, shown.colour)) >= 3, (
            f"{shown.words} at 2 m"
        )


def test_the_attract_versus_shows_no_red_cross_on_the_way(monkeypatch):
    from cabinet.games.match import DEMO_CPU_LEVELS

    app = make_app()
    scene = match_scene(app.ctx, Match("blocks", 1, 9, dict(DEMO_CPU_LEVELS["blocks"])), demo=True)
    app.ctx.scenes.reset(scene)
    crossed = []
    real_ghost = view.ghost

    def spy(size, fits, passing=False):
        if not fits and not passing:
            crossed.append(scene.game_frame)
        return real_ghost(size, fits, passing)

    monkeypatch.setattr(view, "ghost", spy)
    surface = pygame.Surface((960, 540))
    while sum(scene.seat_for(p).game.placements for p in (1, 2)) < 30 and not scene.end_frames:
        app.step()
        scene.draw(surface)
    assert sum(scene.seat_for(p).game.placements for p in (1, 2)) >= 30
    assert crossed == [], "no CPU piece is crossed out on its way"


def test_the_round_result_says_the_loser_had_no_room(monkeypatch):
    from support.drawn import spy_text

    app = make_app()
    scene = match_scene(app.ctx, Match("blocks", 1, 5))
    app.ctx.scenes.reset(scene)
    scene.countdown.skip()
    drawn = spy_text(monkeypatch, view)
    scene.versus.game(2).game_over = True
    scene.versus.winner = 1
    view._draw_result(pygame.Surface((960, 540)), scene)
    shown = dict(drawn)
    assert view.board_rect(2).contains(shown["NO ROOM!"]), "under the LOSE of the board that filled"
    assert shown["LOSE"].bottom <= shown["NO ROOM!"].top
    drawn.clear()
    scene.versus.game(2).game_over = False  # a forfeit: the board still had room
    view._draw_result(pygame.Surface((960, 540)), scene)
    assert "NO ROOM!" not in [words for words, _ in drawn]


def two_cells_a_line() -> list[str]:
    """Full but for (r, r) and (r, r+1 mod 8): 16 stones fill it without completing a line."""
    grid = [["#"] * 8 for _ in range(8)]
    for r in range(8):
        grid[r][r] = grid[r][(r + 1) % 8] = "."
    return ["".join(line) for line in grid]


def test_both_boards_filling_on_one_frame_is_a_draw(tmp_path, monkeypatch):
    from support.drawn import spy_text

    app = make_app()
    scene = match_scene(app.ctx, Match("blocks", 2, 5))
    app.ctx.scenes.reset(scene)
    scene.countdown.skip()
    singles = [["#"]] * 3
    position = BlocksVersus.from_text(
        boards=(two_cells_a_line(), two_cells_a_line()),
        trays=(singles, singles),
        pending=(16, 16),
        land_max=16,
    )
    position.by_frame = True  # as the screen makes its rules: decided once a frame is played out
    scene.versus = position
    scene.seats = [ShownSeat(position, player, 600) for player in (1, 2)]
    for seat in scene.seats:
        seat.timer = 1  # both move timers run out on the next frame: both boards fill
    app.step()
    assert position.game(1).game_over and position.game(2).game_over, (
        "player 2's stones land on that frame too"
    )
    while not scene.end_frames:
        app.step()
    assert scene.round_winner() is None and scene.match.wins == {1: 0, 2: 0}, (
        "a draw: nobody takes the round"
    )
    assert scene.match.round == 2
    drawn = spy_text(monkeypatch, view)
    for _ in range(30):
        app.step()
    surface = pygame.Surface((960, 540))
    scene.draw(surface)
    pygame.image.save(surface, str(tmp_path / "draw.png"))
    assert [words for words, _ in drawn].count("DRAW") == 2 and "WIN" not in [
        words for words, _ in drawn
    ]
