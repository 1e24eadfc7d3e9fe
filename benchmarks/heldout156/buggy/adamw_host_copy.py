"""trainer/checkpoint/host_copy.py: gather a sharded parameter tree to full host arrays.

Each leaf is gathered with top_level_all_gather to an unsharded layout that records the gathered
mesh axes as reduced; the layout per leaf comes from the same logical rules the trainer uses.
"""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

# --------------------------------------------------------------------------------------------
# partition_lite (pasted from infra/partition_lite.py): regex rules over parameter key paths,
# logical axis names -> mesh axes. Kept dependency-free on purpose (no flax / t5x here).
# --------------------------------------------------------------------------------------------
def path_str(path):
    """'/'-joined key path; DictKey by key, GetAttrKey by name, SequenceKey by index."""
    parts = []
    for k in path:
        if isinstance(k, jax.tree_util.DictKey):
            parts.append(str(k.key))
        elif isinstance(k, jax.tree_util.GetAttrKey):
            parts.append(k.name)
        elif isinstance(k, jax.tree_util.SequenceKey):
            parts.append(str(k.idx))
        else:
            parts.append(jax.tree_util.keystr((k,)).strip(".[]'\""))
    return "/".join(parts)


def first_match(rules, name, default=None):
    """(regex, value) pairs; the first regex that searches `name` wins."""
    for pattern, value in rules:
        if re.search(pattern, name):
            return value
    return default


def logical_to_mesh(logical, axis_rules):
    """Logical axis names -> mesh axes (first pair with that name wins; None = replicated)."""
    out = []
    for name in logical:
        mesh_axis = None
        for rule_name, rule_axis in axis_rules:
            if rule_name == name:
                mesh_axis = rule_axis
                break
        out.append(mesh_axis)
    return tuple(out)


def tree_specs(tree, param_rules, axis_rules):
    """One PartitionSpec per leaf, from the leaf's path."""
    def leaf_spec(path, leaf):
        logical = first_match(param_rules, path_str(path))
        if logical is None:
            return P(*([None] * jnp.ndim(leaf)))
        return P(*logical_to_mesh(logical, axis_rules))
    return jax.tree_util.tree_map_with_path(leaf_spec, tree)


def spec_axes(spec):
    """Mesh axes a PartitionSpec shards over, in order."""
    axes = []
    for entry in spec:
        if entry is None:
            continue
        axes.extend(entry if isinstance(entry, tuple) else (entry,))
    return tuple(axes)


def place(tree, specs, mesh):
    return jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), tree, specs,
                        is_leaf=lambda s: isinstance(s, P))
# --------------------------------------------------------------------------------------------

PARAM_RULES = [
    (r"embed/table$", ("vocab", "embed")),
    (r"mlp/wi/kernel$", ("embed", "mlp")),
    (r"mlp/wo/kernel$", ("mlp", "embed")),
    (r"norm/scale$", ("embed",)),
]

AXIS_RULES = [
    ("vocab", "model"),
    ("mlp", "model"),
    ("embed", "data"),
]


def init_params(rng, vocab=16, d=8, f=16):
    return {
        "embed": {"table": rng.standard_normal((vocab, d)).astype(np.float32)},
        "mlp": {
            "wi": {"kernel": rng.standard_normal((d, f)).astype(np.float32)},
            "wo": {"kernel": rng.standard_normal((f, d)).astype(np.float32)},
        },
        "norm": {"scale": np.ones((d,), np.float32)},
    }


def host_layout(spec):
    """Unsharded layout of a leaf, the gathered axes kept as reduced."""
    return P(*([None] * len(spec)), reduced=set(spec_axes(spec)))


class HostCopier:
    def __init__(self, mesh, specs):
        self.mesh = mesh
        self.specs = specs

    def gather_leaf(self, path, x):
        spec = first_match(PARAM_RULES, path_str(path))
        layout = host_layout(P(*logical_to_mesh(spec, AXIS_RULES)))
        return top_level_all_gather(x, layout)

    def __call__(self, placed):
        with jax.set_mesh(self.mesh):
            full = jax.tree_util.tree_map_with_path(self.gather_leaf, placed)
            return jax.tree.map(np.asarray, full)


def inputs():
    rng = np.random.default_rng(3)
    return (init_params(rng),)


def main(params):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    specs = tree_specs(params, PARAM_RULES, AXIS_RULES)
    with jax.set_mesh(mesh):
        placed = place(params, specs, mesh)
    host = HostCopier(mesh, specs)(placed)
    for got, want in zip(jax.tree.leaves(host), jax.tree.leaves(params)):
        np.testing.assert_allclose(got, want, rtol=1e-6)
    print("host copy of", len(jax.tree.leaves(host)), "leaves")


if __name__ == "__main__":
    main(*inputs())
