"""Settings files for the tests: the factory file, an operator's paid one, a broken one."""

from cabinet.settings.load import SHIPPED_CONFIG

SHIPPED = SHIPPED_CONFIG.read_text(encoding="utf-8")


# The operator's paid cabinet: coins, two of them for a credit in chute 1.
PAID = (SHIPPED.replace("  free_play: true ", "  free_play: false", 1)
        .replace("  price_table_1: [[1, 1]] ", "  price_table_1: [[2, 1]] ", 1))


def broken_yaml(text: str) -> str:
    return text.replace("  difficulty: normal ", "  difficulty: [normal ", 1)


def is_paid(settings) -> bool:
    return settings.credits.free_play is False and settings.credits.price_table_1 == ((2, 1),)
