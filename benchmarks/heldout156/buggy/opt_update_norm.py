"""optstate/metrics/update_norm.py: norm of the Adam update direction mu / sqrt(nu).

The update is computed on the shards (mu and nu mirror the parameters); its squared norm is
summed over the model axes.
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

MODEL_AXES = ("fsdp", "tp")
EPS = 1e-8


def leaf_update_sq(m, v, spec):
    u = m / (jnp.sqrt(v) + EPS)
    sq = jnp.sum(u * u)
    return jax.lax.psum(sq, MODEL_AXES) if spec_axes(spec) else sq


def make_update_norm(mesh, specs):
    def body(state):
        sq = jax.tree.map(leaf_update_sq, state["mu"], state["nu"], specs["mu"],
                          is_leaf=lambda s: isinstance(s, P))
        return jnp.sqrt(sum(jax.tree.leaves(sq)))

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P()))


def inputs():
    rng = np.random.default_rng(53)
    params = init_params(rng)
    return params, init_state(params, rng)


def main(params, state):
    mesh = jax.make_mesh((2, 2, 2), ("dp", "fsdp", "tp"))
    specs = tree_specs(state, PARAM_RULES, AXIS_RULES)
    norm = make_update_norm(mesh, specs)(place(state, specs, mesh))
    want = np.sqrt(sum(float(np.sum((m / (np.sqrt(v) + EPS)) ** 2)) for m, v in
                       zip(jax.tree.leaves(state["mu"]), jax.tree.leaves(state["nu"]))))
    np.testing.assert_allclose(float(norm), want, rtol=1e-4)
    print("update norm", float(norm))


if __name__ == "__main__":
    main(*inputs())
