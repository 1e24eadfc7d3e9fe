"""trainer/metrics/param_norms.py: per-leaf parameter norms plus a per-tensor-shard breakdown.

The squared norm of each leaf is summed over its data shards first, then over its tensor shards;
for leaves split over the tensor axis the per-shard values are also gathered for the imbalance
dashboard.
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

TENSOR_AXIS = "model"


def init_params(rng, vocab=16, d=8, f=16):
    return {
        "embed": {"table": rng.standard_normal((vocab, d)).astype(np.float32)},
        "mlp": {
            "wi": {"kernel": rng.standard_normal((d, f)).astype(np.float32)},
            "wo": {"kernel": rng.standard_normal((f, d)).astype(np.float32)},
        },
        "norm": {"scale": np.ones((d,), np.float32)},
    }


def leaf_norms(w, spec):
    axes = spec_axes(spec)
    other = tuple(a for a in axes if a != TENSOR_AXIS)
    part = jax.lax.psum(jnp.sum(w * w), other) if other else jnp.sum(w * w)
    if TENSOR_AXIS not in axes:
        return part, None
    total = jax.lax.psum(part, TENSOR_AXIS)
    per_shard = jax.lax.all_gather(total, TENSOR_AXIS, to="reduced")
    return total, per_shard


def make_report(mesh, specs):
    names = {}

    def collect(path, s):
        names[path_str(path)] = s
        return s

    jax.tree_util.tree_map_with_path(collect, specs, is_leaf=lambda s: isinstance(s, P))
    split = [n for n, s in names.items() if TENSOR_AXIS in spec_axes(s)]

    def body(params):
        flat = {path_str(p): w for p, w in jax.tree_util.tree_flatten_with_path(params)[0]}
        norms, shards = {}, {}
        for name, w in flat.items():
            total, per_shard = leaf_norms(w, names[name])
            norms[name] = jnp.sqrt(total)
            if per_shard is not None:
                shards[name] = per_shard
        return norms, shards

    out_specs = ({n: P() for n in names}, {n: P(None, reduced={TENSOR_AXIS}) for n in split})
    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=out_specs))


def inputs():
    rng = np.random.default_rng(4)
    return (init_params(rng),)


def main(params):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    specs = tree_specs(params, PARAM_RULES, AXIS_RULES)
    norms, shards = make_report(mesh, specs)(place(params, specs, mesh))
    np.testing.assert_allclose(float(norms["mlp/wi/kernel"]),
                               np.linalg.norm(params["mlp"]["wi"]["kernel"]), rtol=1e-5)
    for name, v in shards.items():
        print(name, np.round(np.asarray(v), 3))


if __name__ == "__main__":
    main(*inputs())
