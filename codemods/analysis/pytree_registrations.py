"""Pytree registrations of the module's classes in a script run (script_builtins.py; issue 13).

chex-like code makes its dataclasses pytrees by hand: `jax.tree_util.register_pytree_node(cls,
flatten, unflatten)` in a pasted `dataclass` helper, or `@register_pytree_node_class` over a class
with `tree_flatten` / `tree_unflatten`. Registering calls neither function (JAX calls them when it
walks an instance), so the run goes on past it; the class is marked a pytree node
(`UClass.registered`), and walking one of its instances as a tree (`jax.tree.map`, shard_map or jit
arguments) still stops the run, as for `register_dataclass`. A class registered twice makes JAX
raise ValueError (not modelled: Bail), as does a class from outside the module.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import UClass

CALLS = frozenset({"jax.tree_util.register_pytree_node", "jax.tree_util.register_pytree_node_class",
                   "jax.tree_util.register_pytree_with_keys", "jax.tree_util.register_pytree_with_keys_class"})


def register(run, name: str, args: list, kwargs: dict) -> object:
    by_class = name.endswith("_class")
    if not args or type(args[0]) is not UClass or args[0].registered or kwargs \
            or len(args) != (1 if by_class else 3) and not (name.endswith("with_keys") and len(args) == 4):
        raise Bail
    if by_class and any(args[0].lookup(hook) is None for hook in ("tree_flatten", "tree_unflatten")) \
            and name == "jax.tree_util.register_pytree_node_class":
        raise Bail  # (JAX reads the methods at once: AttributeError)
    args[0].registered = True
    return args[0] if by_class else None
