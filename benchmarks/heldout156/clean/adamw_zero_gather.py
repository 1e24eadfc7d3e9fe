"""trainer/zero/unshard.py: ZeRO-3 style materialisation of the full parameter tree.

Leaves are stored sharded by the logical rules; before an export or an eval pass every leaf is
all-gathered dimension by dimension (innermost first) to a reduced full copy.
"""
import re

import jax
import jax.numpy as jnp
import numpy as np
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


def gather_plan(spec):
    """(dim, axes) pairs that unshard a leaf, innermost dimension first."""
    plan, seen = [], ()
    for dim in reversed(range(len(spec))):
        entry = spec[dim]
        if entry is None:
            continue
        seen = entry if isinstance(entry, tuple) else (entry,)
        plan.append((dim, seen))
    return plan


def unshard(w, spec):
    for dim, axes in gather_plan(spec):
        w = jax.lax.all_gather(w, axes, axis=dim, tiled=True, to="reduced")
    return w


def full_spec(spec):
    return P(*([None] * len(spec)), reduced=set(spec_axes(spec)))


def make_materialise(mesh, specs):
    out_specs = jax.tree.map(full_spec, specs, is_leaf=lambda s: isinstance(s, P))

    def body(params):
        return jax.tree.map(unshard, params, specs, is_leaf=lambda s: isinstance(s, P))

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=out_specs))


def inputs():
    rng = np.random.default_rng(1)
    return (init_params(rng),)


def main(params):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    specs = tree_specs(params, PARAM_RULES, AXIS_RULES)
    full = make_materialise(mesh, specs)(place(params, specs, mesh))
    for got, want in zip(jax.tree.leaves(full), jax.tree.leaves(params)):
        np.testing.assert_allclose(np.asarray(got), want, rtol=1e-6)
    print("materialised", len(jax.tree.leaves(full)), "leaves")


if __name__ == "__main__":
    main(*inputs())
