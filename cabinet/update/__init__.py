"""Signed release bundles and the releases folder a cabinet runs from (docs/installing.md)."""
