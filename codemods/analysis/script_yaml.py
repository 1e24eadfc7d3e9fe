"""YAML configs in a script run (script_run.py; issue 13).

LightningCLI-style programs keep their run configuration as YAML text (`class_path`/`init_args`
blocks, `--trainer.strategy=fsdp` overrides parsed with `yaml.safe_load(value)`) and build their
objects from the parsed tree. `yaml.safe_load` of a str is PyYAML's own, called on the text the run
knows; its result is used only when it is a plain tree (str, numbers, bools, None, lists, dicts: a
timestamp, binary or other tagged value stops the run). PyYAML is imported only when a program
calls it; where it is not installed the run stops there (Bail), as on any library it does not model.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail


def _safe_load(run, args: list, kwargs: dict) -> object:
    from codemods.analysis.script_library import text_library

    if len(args) != 1 or kwargs or type(args[0]) is not str:
        raise Bail  # (a stream, or a Loader chosen by keyword)
    try:
        import yaml
    except ImportError:
        raise Bail from None
    return text_library(yaml.safe_load)(run, args, kwargs)


LIBRARY = {"yaml.safe_load": _safe_load}
