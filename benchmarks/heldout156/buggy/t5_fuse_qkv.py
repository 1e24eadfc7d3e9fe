"""t5lite/convert/fuse_qkv.py: fuse the query/key/value projections of one encoder layer.

The fused kernel [q | k | v] (concatenated on the kv dimension) is what the fused attention
kernel expects; it is built from full copies of the three projections and handed back in the
model-parallel layout (heads split over mp).
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
    (r"attention/(query|key|value)/kernel$", ("embed", "heads", "kv")),
    (r"attention/out/kernel$", ("heads", "kv", "embed")),
    (r"mlp/wi/kernel$", ("embed", "mlp")),
    (r"mlp/wo/kernel$", ("mlp", "embed")),
    (r"(ln|final_ln)/scale$", ("embed",)),
]

AXIS_RULES = [
    ("heads", "mp"),
    ("mlp", "mp"),
    ("heads", None),
    ("kv", None),
    ("embed", None),
]


def init_params(rng, n_layers=2, d=8, h=4, hd=4, f=16):
    def normal(*shape):
        return (rng.standard_normal(shape) / np.sqrt(shape[0])).astype(np.float32)

    def layer():
        return {
            "attention": {"query": {"kernel": normal(d, h, hd)},
                          "key": {"kernel": normal(d, h, hd)},
                          "value": {"kernel": normal(d, h, hd)},
                          "out": {"kernel": normal(h, hd, d)}},
            "mlp": {"wi": {"kernel": normal(d, f)}, "wo": {"kernel": normal(f, d)}},
            "ln": {"scale": np.ones((d,), np.float32)},
        }

    return {"encoder": {"layers": [layer() for _ in range(n_layers)],
                        "final_ln": {"scale": np.ones((d,), np.float32)}}}

HEADS_DIM = 1


def full_heads(w, spec):
    return jax.lax.all_gather(w, spec[HEADS_DIM], axis=HEADS_DIM, tiled=True, to="reduced")


def to_model_parallel(w, spec):
    return jax.lax.psum_scatter(w, spec[HEADS_DIM], scatter_dimension=HEADS_DIM, tiled=True)


def make_fuse(mesh, specs, layer):
    att_specs = specs["encoder"]["layers"][layer]["attention"]
    q_spec = att_specs["query"]["kernel"]

    def body(attention):
        parts = [full_heads(attention[name]["kernel"], q_spec)
                 for name in ("query", "key", "value")]
        fused = jnp.concatenate(parts, axis=-1)
        return to_model_parallel(fused, q_spec)

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(att_specs,), out_specs=q_spec))


def inputs():
    rng = np.random.default_rng(23)
    return init_params(rng), 0


def main(params, layer):
    mesh = jax.make_mesh((2, 4), ("replica", "mp"))
    specs = tree_specs(params, PARAM_RULES, AXIS_RULES)
    placed = place(params, specs, mesh)
    fused = make_fuse(mesh, specs, layer)(placed["encoder"]["layers"][layer]["attention"])
    att = params["encoder"]["layers"][layer]["attention"]
    want = np.concatenate([att[n]["kernel"] for n in ("query", "key", "value")], axis=-1)
    np.testing.assert_allclose(np.asarray(fused), want, rtol=1e-6)
    print("fused qkv", fused.shape, fused.sharding.spec)


if __name__ == "__main__":
    main(*inputs())
