"""YAML configs in a script run (script_run.py; issue 13).

LightningCLI-style programs keep their run configuration as YAML text (`class_path`/`init_args`
blocks, `--trainer.strategy=fsdp` overrides parsed with `yaml.safe_load(value)`) and build their
objects from the parsed tree. `yaml.safe_load` of a str is PyYAML's own, called on the text the run
knows; its result is used only when it is a plain tree (str, numbers, bools, None, lists, dicts: a
timestamp, binary or other tagged value stops the run). `yaml.dump` / `yaml.safe_dump` of a plain
tree (a config printed) give PyYAML's own text. PyYAML is imported only when a program calls it;
where it is not installed the run stops there (Bail), as on any library it does not model.
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


_DUMP_KEYWORDS = frozenset({"default_flow_style", "sort_keys", "indent", "width", "allow_unicode", "explicit_start"})


def _dump(name: str):
    def dump(run, args: list, kwargs: dict) -> object:
        """`yaml.dump(tree)` / `yaml.safe_dump(tree)` of a plain tree (a config printed): PyYAML's
        own text; a stream, or a keyword the run does not pass on, stops the run."""
        from codemods.analysis.script_library import text_library

        from codemods.analysis.set_orders import unordered_within

        if len(args) != 1 or not set(kwargs) <= _DUMP_KEYWORDS or unordered_within(args):
            raise Bail  # (a set of strs is written in an order that changes from run to run: set_orders.py)
        try:
            import yaml
        except ImportError:
            raise Bail from None
        return text_library(getattr(yaml, name))(run, args, kwargs)
    return dump


LIBRARY = {"yaml.safe_load": _safe_load, "yaml.dump": _dump("dump"), "yaml.safe_dump": _dump("safe_dump")}
