"""optstate/checkpoint/flat_regroup.py: regroup flat-sharded (ZeRO) moments for the writers.

Training shards the moments' leading dimension over all three mesh axes; the writers keep the
dp x fsdp split and take the tp shards together, so each leaf is gathered over tp only.
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
    (r"dense/kernel$", ("embed", "mlp")),
    (r"dense/bias$", ("mlp",)),
    (r"head/kernel$", ("mlp", "vocab")),
]

AXIS_RULES = [
    ("embed", "fsdp"),
    ("mlp", "tp"),
    ("vocab", None),
]


def init_params(rng, d=8, f=8, v=4):
    return {"dense": {"kernel": rng.standard_normal((d, f)).astype(np.float32),
                      "bias": np.zeros((f,), np.float32)},
            "head": {"kernel": rng.standard_normal((f, v)).astype(np.float32)}}


def init_state(params, rng):
    """Adam state mirroring the parameter tree (count, mu, nu)."""
    like = lambda x, s: (s * rng.standard_normal(x.shape) ** 2).astype(np.float32)
    return {"count": np.int32(3),
            "mu": jax.tree.map(lambda x: like(x, 0.1), params),
            "nu": jax.tree.map(lambda x: like(x, 0.01), params)}

FLAT_AXIS_RULES = [
    ("embed", ("dp", "fsdp", "tp")),
    ("mlp", None),
    ("vocab", None),
]

WRITER_GROUP = ("dp", "fsdp")


def writer_layout(spec):
    lead = spec[0]
    kept = tuple(a for a in lead if a in WRITER_GROUP)
    return P(kept, *spec[1:], reduced=set(lead) - set(kept))


def regroup(mu, specs):
    return {name: top_level_all_gather(mu[name]["kernel"], writer_layout(specs[name]["kernel"]))
            for name in ("dense",)}


def inputs():
    rng = np.random.default_rng(55)
    params = init_params(rng)
    return params, init_state(params, rng)


def main(params, state):
    mesh = jax.make_mesh((2, 2, 2), ("dp", "fsdp", "tp"))
    specs = tree_specs(state["mu"], PARAM_RULES, FLAT_AXIS_RULES)
    with jax.set_mesh(mesh):
        placed = place(state["mu"], specs, mesh)
        out = regroup(placed, specs)
    np.testing.assert_allclose(np.asarray(out["dense"]), state["mu"]["dense"]["kernel"])
    print("writer layout", out["dense"].sharding.spec)


if __name__ == "__main__":
    main(*inputs())
