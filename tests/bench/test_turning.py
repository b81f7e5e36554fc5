"""bench scenes' turned-picture figures: both paths measured on the window's renderer, the window closed after."""

import pygame

from cabinet.bench.turning import turned_present_figures


def test_both_paths_are_measured_by_name_and_the_window_is_closed_after():
    pygame.display.init()
    picture = pygame.Surface((960, 540))
    figures = turned_present_figures(picture, 2)
    names = [figure.name for figure in figures]
    assert [name.split(":")[0] for name in names] == ["turned 90, CPU path"] * 2 + [
        "turned 90, renderer path"
    ] * 2
    assert "(software renderer)" in names[0] and "(software renderer)" in names[2]
    assert all(figure.unit == "ms" for figure in figures)
    assert not pygame.display.get_init()
