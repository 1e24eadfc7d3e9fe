"""The installed JAX's version, read from its dist-info on sys.path without importing
importlib.metadata (issue 16): the same answer importlib.metadata gives."""
from __future__ import annotations

import importlib.metadata
import sys

from codemods import jaxapi


def test_the_installed_jax_version_is_what_importlib_metadata_says():
    assert jaxapi.installed_jax_version() == jaxapi.parse_version(importlib.metadata.version("jax"))


def test_a_distribution_earlier_on_the_path_wins_as_in_importlib_metadata(monkeypatch, tmp_path):
    info = tmp_path / "JAX-9.8.7.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: jax\nVersion: 9.8.7\n\nVersion: 1.0.0\n")
    (tmp_path / "jaxlib-1.2.3.dist-info").mkdir()
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    assert importlib.metadata.version("jax") == "9.8.7"
    assert jaxapi.installed_jax_version() == (9, 8, 7)


def test_no_jax_distribution_is_no_version(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    assert jaxapi.installed_jax_version() is None
