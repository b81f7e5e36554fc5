"""Settings files for the tests: the factory file, an operator's paid one, a broken one; the schema's keys."""

import dataclasses

from cabinet.settings.load import SHIPPED_CONFIG
from cabinet.settings.schema import Settings

SHIPPED = SHIPPED_CONFIG.read_text(encoding="utf-8")


# The operator's paid cabinet: coins, two of them for a credit in chute 1.
PAID = SHIPPED.replace("  free_play: true ", "  free_play: false", 1).replace(
    "  price_table_1: [[1, 1]] ", "  price_table_1: [[2, 1]] ", 1
)


def broken_yaml(text: str) -> str:
    return text.replace("  difficulty: normal ", "  difficulty: [normal ", 1)


def is_paid(settings) -> bool:
    return settings.credits.free_play is False and settings.credits.price_table_1 == ((2, 1),)


def settings_fields(section=Settings, key=""):
    """(dotted key, dataclass field) of every setting, sections included, walking the schema."""
    for field in dataclasses.fields(section):
        yield key + field.name, field
        if field.default_factory is not dataclasses.MISSING and dataclasses.is_dataclass(
            field.default_factory
        ):
            yield from settings_fields(field.default_factory, f"{key}{field.name}.")


def menu_help_lines() -> dict[str, str]:
    """Key -> help line (its doc) of every setting the service menu shows (it has a label there)."""
    from cabinet.scenes.service.rows import LABELS

    return {
        key: field.metadata["doc"]
        for key, field in settings_fields()
        if field.name in LABELS and field.metadata.get("doc")
    }
