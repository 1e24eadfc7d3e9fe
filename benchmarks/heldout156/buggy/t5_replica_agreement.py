"""t5lite/checks/replica_agreement.py: detect replica divergence of the encoder parameters.

Each layer's parameter norm is computed on the model-parallel shards and summed over them; the
per-replica values are then gathered across the replica axis and compared, since a replica
that silently diverged (bad host, non-deterministic kernel) shows up as a spread.
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

REPLICA_AXIS = "replica"


def layer_norm_sq(layer, layer_specs):
    total = 0.0
    for w, s in zip(jax.tree.leaves(layer), jax.tree.leaves(layer_specs,
                                                           is_leaf=lambda s: isinstance(s, P))):
        sq = jnp.sum(w * w)
        total = total + (jax.lax.psum(sq, spec_axes(s)) if spec_axes(s) else sq)
    return total


def make_agreement(mesh, specs):
    n = len(specs["encoder"]["layers"])

    def body(params):
        layers = params["encoder"]["layers"]
        norms = jnp.stack([layer_norm_sq(layers[i], specs["encoder"]["layers"][i])
                           for i in range(n)])
        per_replica = jax.lax.all_gather(norms, REPLICA_AXIS, to="reduced")
        return norms, per_replica

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(specs,),
                                 out_specs=(P(), P(None, None, reduced={REPLICA_AXIS}))))


def inputs():
    rng = np.random.default_rng(21)
    return (init_params(rng),)


def main(params):
    mesh = jax.make_mesh((2, 4), (REPLICA_AXIS, "mp"))
    specs = tree_specs(params, PARAM_RULES, AXIS_RULES)
    norms, per_replica = make_agreement(mesh, specs)(place(params, specs, mesh))
    per_replica = np.asarray(per_replica)
    spread = float(np.max(per_replica.max(axis=0) - per_replica.min(axis=0)))
    want = [sum(float(np.sum(x * x)) for x in jax.tree.leaves(l))
            for l in params["encoder"]["layers"]]
    np.testing.assert_allclose(np.asarray(norms), want, rtol=1e-5)
    assert spread < 1e-5, spread
    print("replicas agree; layer norms", np.round(np.sqrt(want), 3))


if __name__ == "__main__":
    main(*inputs())
