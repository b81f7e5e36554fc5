"""The operator's settings, from ``config/cabinet.yaml`` to a validated :class:`~cabinet.settings.schema.Settings`.

- :mod:`~cabinet.settings.schema`: every key, its factory value and what is valid (``secret`` marks a password);
- :mod:`~cabinet.settings.document`: the file's text as YAML nodes, with bounded work, errors in our own words;
- :mod:`~cabinet.settings.walk`: a section's pairs lined up with the schema, for the loader and the saver;
- :mod:`~cabinet.settings.load`: YAML to settings, every problem one line (file, line, key), none raised;
- :mod:`~cabinet.settings.yaml_text`: a value as YAML writes it, for the problem lines that quote one;
- :mod:`~cabinet.settings.checks`: rules across keys (a pin given twice, a game dearer than the credits held);
- :mod:`~cabinet.settings.save`: the service menu's save, comments kept, written atomically;
- :mod:`~cabinet.settings.last_good`: the settings last in force, what a broken file falls back on.

``save`` and ``last_good`` write files as the storage layer does, and sit in its layer
(``tests/test_layers.py``); the rest is the foundation every other layer reads.
"""
