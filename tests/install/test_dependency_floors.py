"""pyproject.toml asks for the versions a Pi 5 on Raspberry Pi OS Trixie (Python 3.13) needs."""

import tomllib

import pytest
from packaging.requirements import Requirement

from support import ROOT


def floors(python: str) -> dict[str, list[Requirement]]:
    """The project's requirements that apply under Python ``python``, by package name."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    found: dict[str, list[Requirement]] = {}
    for line in project["dependencies"]:
        requirement = Requirement(line)
        if requirement.marker is None or requirement.marker.evaluate({"python_version": python}):
            found.setdefault(requirement.name.lower(), []).append(requirement)
    return found


def admits(python: str, name: str, version: str) -> bool:
    return all(r.specifier.contains(version, prereleases=True) for r in floors(python)[name])


@pytest.mark.parametrize("python", ["3.11", "3.13"])
def test_gpiozero_is_the_one_that_finds_the_pi_5s_renumbered_gpio_chip(python):
    """gpiozero 2.0.1 opens gpiochip4, which kernel 6.6.45 renumbered to 0 on a Pi 5 (gpiozero #1166)."""
    assert not admits(python, "gpiozero", "2.0")
    assert not admits(python, "gpiozero", "2.0.1")
    assert admits(python, "gpiozero", "2.0.1.post3")


@pytest.mark.parametrize(
    ("name", "too_old", "first"), [("numpy", "2.0.2", "2.1.0"), ("pyyaml", "6.0.1", "6.0.2")]
)
def test_under_python_3_13_only_versions_with_its_wheels_are_asked_for(name, too_old, first):
    assert not admits("3.13", name, too_old) and admits("3.13", name, first)


def test_bookworms_own_numpy_and_pyyaml_still_do_under_python_3_11():
    """Raspberry Pi OS Bookworm's python3-numpy 1.24.2 and python3-yaml 6.0, seen through the venv."""
    assert admits("3.11", "numpy", "1.24.2") and admits("3.11", "pyyaml", "6.0")
