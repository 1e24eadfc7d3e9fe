"""t5lite/metrics/mlp_shards.py: per-layer MLP input-projection norms with a per-shard split.

The partial squared norms of each mp shard are stacked for the imbalance plot, and their sum is
the layer's squared norm.
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


def shard_report(w, spec):
    axis = spec[1]
    part = jnp.sum(w * w)
    return jax.lax.psum(part, axis), jax.lax.all_gather(part, axis, to="reduced")


def make_report(mesh, specs):
    layer_specs = specs["encoder"]["layers"]
    axis = layer_specs[0]["mlp"]["wi"]["kernel"][1]

    def body(layers):
        outs = [shard_report(l["mlp"]["wi"]["kernel"], s["mlp"]["wi"]["kernel"])
                for l, s in zip(layers, layer_specs)]
        return [o[0] for o in outs], [o[1] for o in outs]

    n = len(layer_specs)
    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(layer_specs,),
                                 out_specs=([P()] * n, [P(None, reduced={axis})] * n)))


def inputs():
    rng = np.random.default_rng(43)
    return (init_params(rng, n_layers=3),)


def main(params):
    mesh = jax.make_mesh((2, 4), ("replica", "mp"))
    specs = tree_specs(params, PARAM_RULES, AXIS_RULES)
    placed = place(params, specs, mesh)
    totals, shards = make_report(mesh, specs)(placed["encoder"]["layers"])
    for layer, t, s in zip(params["encoder"]["layers"], totals, shards):
        w = layer["mlp"]["wi"]["kernel"]
        np.testing.assert_allclose(float(t), np.sum(w * w), rtol=1e-5)
        np.testing.assert_allclose(np.asarray(s).sum(), np.sum(w * w), rtol=1e-5)
    print("layer norms", [round(float(np.sqrt(t)), 3) for t in totals])


if __name__ == "__main__":
    main(*inputs())
