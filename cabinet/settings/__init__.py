"""The operator's settings: schema, reading the YAML file, checks across keys, saving, last good."""
