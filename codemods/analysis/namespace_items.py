"""A namespace holding dicts (issue 13, found by adversarial12).

`CONFIG = types.SimpleNamespace(mesh={"sync": ("i", "j")})`: the namespace itself is changed only
by attribute stores (cli_args.changed_names sees those), but the dict it holds is changed in place
through any read of it (`getattr(root, "mesh")[key] = v`, `CONFIG.mesh.update(...)`), which the
module's change analysis (mutation.py) files under the namespace's name, or under the attribute
(`CONFIG.mesh["sync"] = v`). A name holding such a
namespace is then read as a dict or list held by a name is (name_lookup.py): unknown when some
code changes what it holds in place. A namespace of constants and lists (what `parse_args` gives)
is read as before.
"""
from __future__ import annotations

from codemods.analysis.cli_args import Namespace
from codemods.analysis.unchanged_keys import changed_in_place
from codemods.analysis.values import DictValue


def namespace_changed(tree, name: str, value) -> bool:
    """`value`, held by `name`, is a namespace some code may change through a dict it
    holds: filed under the name (`getattr(CONFIG, "mesh")[k] = v`) or under the attribute
    (`CONFIG.mesh["sync"] = v`, `.mesh.update(...)`: keyed ".mesh" for any object, mutation.py)."""
    if not isinstance(value, Namespace):
        return False
    for attr, item in zip(value.names, value.items):
        if type(item) is DictValue:  # (a list of `parse_args`, `nargs="+"`, is left as it was read)
            if changed_in_place(tree, name) or changed_in_place(tree, "." + attr):
                return True
        elif namespace_changed(tree, name, item) or isinstance(item, Namespace) and changed_in_place(tree, "." + attr) \
                and any(type(inner) is DictValue for inner in item.items):
            return True
    return False
