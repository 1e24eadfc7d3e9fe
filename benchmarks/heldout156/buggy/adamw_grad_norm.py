"""trainer/optim/grad_norm.py: global gradient norm of a tensor-parallel / FSDP parameter tree.

Each leaf's squared norm is summed over the mesh axes its spec shards it on, inside shard_map,
so that the clip factor is computed without materialising any full gradient.
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
    (r"mlp/wi/bias$", ("mlp",)),
    (r"mlp/wo/kernel$", ("mlp", "embed")),
    (r"norm/scale$", ("embed",)),
]

AXIS_RULES = [
    ("vocab", "model"),
    ("mlp", "model"),
    ("embed", "data"),
    ("embed", None),
]

MAX_NORM = 1.0


def init_params(rng, vocab=16, d=8, f=16):
    return {
        "embed": {"table": rng.standard_normal((vocab, d)).astype(np.float32)},
        "mlp": {
            "wi": {"kernel": rng.standard_normal((d, f)).astype(np.float32),
                   "bias": rng.standard_normal((f,)).astype(np.float32)},
            "wo": {"kernel": rng.standard_normal((f, d)).astype(np.float32)},
        },
        "norm": {"scale": np.ones((d,), np.float32)},
    }


def leaf_sq_norm(g, spec, mesh):
    sq = jnp.sum(g * g)
    if not spec_axes(spec):
        return sq
    return jax.lax.psum(sq, mesh.axis_names)


def make_clip(mesh, specs):
    def body(grads):
        sq = jax.tree.map(lambda g, s: leaf_sq_norm(g, s, mesh), grads, specs,
                          is_leaf=lambda s: isinstance(s, P))
        total = jnp.sqrt(sum(jax.tree.leaves(sq)))
        factor = jnp.minimum(1.0, MAX_NORM / (total + 1e-6))
        return jax.tree.map(lambda g: g * factor, grads), total

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=(specs, P())))


def inputs():
    rng = np.random.default_rng(0)
    return (init_params(rng),)


def main(grads):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    specs = tree_specs(grads, PARAM_RULES, AXIS_RULES)
    placed = place(grads, specs, mesh)
    clipped, total = make_clip(mesh, specs)(placed)
    ref = np.sqrt(sum(float(np.sum(g * g)) for g in jax.tree.leaves(grads)))
    np.testing.assert_allclose(float(total), ref, rtol=1e-4)
    print("grad norm", float(total), "clipped leaves", len(jax.tree.leaves(clipped)))


if __name__ == "__main__":
    main(*inputs())
