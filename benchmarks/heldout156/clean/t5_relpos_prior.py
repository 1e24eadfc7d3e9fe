"""t5lite/viz/relpos_prior.py: the attention prior implied by the relative-position bias.

The bias table (heads x buckets) is split over mp by heads; the prior softmax(bias) over the
buckets is computed on the full table for the head-by-head plot.
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

PARAM_RULES = PARAM_RULES + [(r"relpos/bias$", ("heads", "buckets"))]


def full_table(bias, spec):
    return jax.lax.all_gather(bias, spec[0], axis=0, tiled=True, to="invarying")


def make_prior(mesh, specs):
    bias_spec = specs["encoder"]["relpos"]["bias"]

    def body(bias):
        table = full_table(bias, bias_spec)
        return jax.nn.softmax(table, axis=-1)

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(bias_spec,),
                                 out_specs=P(None, None)))


def inputs():
    rng = np.random.default_rng(26)
    params = init_params(rng)
    params["encoder"]["relpos"] = {"bias": rng.standard_normal((4, 32)).astype(np.float32)}
    return (params,)


def main(params):
    mesh = jax.make_mesh((2, 4), ("replica", "mp"))
    specs = tree_specs(params, PARAM_RULES, AXIS_RULES)
    placed = place(params, specs, mesh)
    prior = np.asarray(make_prior(mesh, specs)(placed["encoder"]["relpos"]["bias"]))
    b = params["encoder"]["relpos"]["bias"]
    want = np.exp(b - b.max(-1, keepdims=True))
    want /= want.sum(-1, keepdims=True)
    np.testing.assert_allclose(prior, want, rtol=1e-5)
    print("prior peaks at buckets", prior.argmax(-1))


if __name__ == "__main__":
    main(*inputs())
