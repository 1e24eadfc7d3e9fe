"""optstate/factored/row_stats.py: factored second-moment row statistics (Adafactor-style).

For each kernel in nu, the row sums are reduced over the column shards and then stacked over
the row shards, giving the full row vector used to rebuild the factored estimate.
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


def col_axis(spec):
    return spec[-1]


def row_axis(spec):
    return spec[-1]


def row_stats(nu, spec):
    rows = jax.lax.psum(jnp.sum(nu, axis=1), col_axis(spec))
    return jax.lax.all_gather(rows, row_axis(spec), tiled=True, to="reduced")


def make_row_stats(mesh, specs):
    nu_specs = specs["nu"]
    out = {"dense": P(None, reduced={nu_specs["dense"]["kernel"][0]})}

    def body(nu):
        return {"dense": row_stats(nu["dense"]["kernel"], nu_specs["dense"]["kernel"])}

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(nu_specs,), out_specs=out))


def inputs():
    rng = np.random.default_rng(51)
    params = init_params(rng)
    return params, init_state(params, rng)


def main(params, state):
    mesh = jax.make_mesh((2, 2, 2), ("dp", "fsdp", "tp"))
    specs = tree_specs(state, PARAM_RULES, AXIS_RULES)
    rows = make_row_stats(mesh, specs)(place(state, specs, mesh)["nu"])
    np.testing.assert_allclose(np.asarray(rows["dense"]),
                               state["nu"]["dense"]["kernel"].sum(1), rtol=1e-5)
    print("row stats", np.round(np.asarray(rows["dense"]), 4))


if __name__ == "__main__":
    main(*inputs())
