"""Sleep hours, idle dim and the monitor's power commands (issue 14.4)."""

import datetime

import pytest

from cabinet.inputs.actions import CABINET, Action, InputEvent
from cabinet.settings.load import parse_settings
from cabinet.system.sleep_hours import SleepHours
from support.app import make_app, press, run


class Clock:
    def __init__(self, hour, minute=0):
        self.now = datetime.datetime(2026, 11, 30, hour, minute)

    def __call__(self):
        return self.now


class Spawned:
    """Stands in for subprocess.Popen: remembers the command lines started."""

    def __init__(self):
        self.commands = []

    def __call__(self, argv):
        self.commands.append(argv)
        return self

    def poll(self):
        return 0


def sleepy_app(display_extra="", other_sections="", hour=3):
    app = make_app(
        '{display: {sleep: "02:00-10:00", sleep_command: "cec-ctl --to 0 --standby", '
        'wake_command: "cec-ctl --to 0 --image-view-on"'
        + display_extra
        + "}"
        + other_sections
        + "}"
    )
    app.care.clock = Clock(hour)
    app.care.spawn = spawned = Spawned()
    return app, spawned


def coin(pressed=True):
    return InputEvent(CABINET, Action.COIN1, pressed)


@pytest.mark.parametrize(
    "text, minute, inside",
    [
        ("02:00-10:00", 2 * 60, True),
        ("02:00-10:00", 10 * 60, False),
        ("02:00-10:00", 60, False),
        ("22:30-07:00", 23 * 60, True),
        ("22:30-07:00", 6 * 60 + 59, True),
        ("22:30-07:00", 12 * 60, False),
    ],
)
def test_sleep_hours_may_run_past_midnight(text, minute, inside):
    assert SleepHours.parse(text).contains(minute) is inside


@pytest.mark.parametrize(
    "bad", ["2-10", "25:00-10:00", "10:00-10:00", "02:00 to 10:00", "02:61-03:00"]
)
def test_a_bad_sleep_value_is_one_clear_line_naming_the_key_and_the_cabinet_never_sleeps(bad):
    loaded = parse_settings(f'display:\n  sleep: "{bad}"\n', "cabinet.yaml")
    assert len(loaded.problems) == 1
    line = str(loaded.problems[0])
    assert line.startswith("cabinet.yaml:2: display.sleep: ")
    assert any(words in line for words in ("HH:MM-HH:MM", "24-hour clock", "same time"))
    assert loaded.settings.display.sleep == ""


def test_an_unbalanced_command_line_is_reported():
    loaded = parse_settings('display:\n  sleep_command: "cec-ctl \'oops"\n', "cabinet.yaml")
    assert any("display.sleep_command" in str(p) for p in loaded.problems)


def test_inside_the_hours_attract_goes_dark_draws_nothing_and_runs_the_sleep_command():
    app, spawned = sleepy_app()
    run(app, 2)
    assert app.care.asleep
    assert spawned.commands == [["cec-ctl", "--to", "0", "--standby"]]
    assert app.render() is True  # the blank frame, once
    assert app.display.logical.get_at((480, 270))[:3] == (0, 0, 0)
    frame_before = app.ctx.frame
    drawn = []
    app.ctx.scenes.top.draw = lambda surface: drawn.append(1)
    for _ in range(30):
        run(app, 1)
        assert app.render() is False
    assert not drawn and app.ctx.frame == frame_before + 30


def test_a_coin_wakes_the_screen_and_is_credited():
    app, spawned = sleepy_app(other_sections=", credits: {free_play: false, coins_per_credit_1: 1}")
    run(app, 2)
    assert app.care.asleep and app.ctx.audio.resting  # the sound card let go meanwhile
    assert app.ctx.music.resting  # and the music with it
    run(app, 2, [coin()])
    assert not app.care.asleep and not app.ctx.audio.resting and not app.ctx.music.resting
    assert app.ctx.bank.credits == 1 and "coin" in app.ctx.audio.played
    assert spawned.commands[-1] == ["cec-ctl", "--to", "0", "--image-view-on"]
    assert app.ctx.scenes.top.name.startswith("attract: title")
    assert app.render() is True


def test_start_wakes_the_screen_without_starting_anything():
    app, _ = sleepy_app(", dim_after_minutes: 1")
    run(app, 2)
    run(app, 2, [press(Action.START)])
    assert not app.care.asleep
    assert app.ctx.scenes.top.name.startswith("attract")


def test_service_wakes_the_screen_and_the_next_press_opens_the_menu():
    app, _ = sleepy_app()
    run(app, 2)
    run(app, 2, [InputEvent(CABINET, Action.SERVICE, True)])
    assert not app.care.asleep and app.ctx.scenes.top.name.startswith("attract")
    run(app, 2, [InputEvent(CABINET, Action.SERVICE, True)])
    assert app.ctx.scenes.top.name.startswith("service")


def test_woken_inside_the_hours_it_sleeps_again_after_a_few_idle_minutes():
    app, _ = sleepy_app()
    run(app, 2)
    run(app, 2, [coin()])
    run(app, 60 * 60 * 4)
    assert not app.care.asleep
    run(app, 60 * 60 * 1 + 120)
    assert app.care.asleep


def test_it_wakes_by_itself_when_the_hours_end_and_never_sleeps_in_a_game():
    app, _ = sleepy_app(hour=12)
    run(app, 2)
    assert not app.care.asleep
    from cabinet.scenes.flow.select import GameSelectScene

    app.ctx.scenes.reset(GameSelectScene(app.ctx))
    app.care.clock.now = app.care.clock.now.replace(hour=3)
    run(app, 120)
    assert not app.care.asleep, "only attract mode falls asleep"
    app.ctx.go_to_attract()
    run(app, 120)
    assert app.care.asleep
    app.care.clock.now = app.care.clock.now.replace(hour=10, minute=0)
    run(app, 120)
    assert not app.care.asleep


def test_idle_attract_dims_and_a_press_lights_it_again():
    app = make_app("display: {dim_after_minutes: 1}")
    run(app, 60 * 60 - 5)
    app.render()
    lit = sum(app.display.logical.get_at((x, 100))[0] for x in range(0, 960, 7))
    run(app, 10)
    assert app.care.dimmed
    app.render()
    dim = sum(app.display.logical.get_at((x, 100))[0] for x in range(0, 960, 7))
    assert dim < lit * 0.6
    run(app, 2, [press(Action.LEFT)])
    assert not app.care.dimmed
    assert app.render() is True


def test_a_missing_command_is_logged_and_the_cabinet_sleeps_anyway(caplog):
    app = make_app('display: {sleep: "00:00-23:59", sleep_command: "/nonexistent/monitor-off"}')
    run(app, 2)
    assert app.care.asleep
    assert any(
        "display.sleep_command" in r.getMessage() and "cannot run" in r.getMessage()
        for r in caplog.records
    )


def test_a_cabinet_started_inside_its_sleep_hours_still_tells_systemd_it_is_ready():
    app, _ = sleepy_app()
    told = []
    app.notifier.ready = lambda: told.append("READY")
    app.notifier.status = lambda text: told.append(text)
    run(app, 1)
    assert app.care.asleep
    app.render()
    assert told == ["READY", "asleep"]
