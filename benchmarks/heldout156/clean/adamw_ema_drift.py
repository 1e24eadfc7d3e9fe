"""trainer/ema/drift.py: parameter EMA with an eval copy and a drift monitor.

The EMA is updated shard by shard; the eval copy (full params, reduced) is materialised in the
same step, and the largest |param - ema| is reported for the divergence alarm.
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

EMA_DECAY = 0.99


def init_params(rng, vocab=16, d=8, f=16):
    return {
        "embed": {"table": rng.standard_normal((vocab, d)).astype(np.float32)},
        "mlp": {
            "wi": {"kernel": rng.standard_normal((d, f)).astype(np.float32)},
            "wo": {"kernel": rng.standard_normal((f, d)).astype(np.float32)},
        },
        "norm": {"scale": np.ones((d,), np.float32)},
    }


def unshard(w, spec):
    """All-gather every sharded dimension, innermost first, to a reduced full copy."""
    for dim in reversed(range(len(spec))):
        if spec[dim] is not None:
            w = jax.lax.all_gather(w, spec[dim], axis=dim, tiled=True, to="reduced")
    return w


def max_drift(a, b, axes):
    return jnp.max(jax.lax.pmax(jnp.abs(a - b), axes))


class EmaTracker:
    def __init__(self, mesh, specs):
        self.mesh = mesh
        self.specs = specs
        self.full_specs = jax.tree.map(
            lambda s: P(*([None] * len(s)), reduced=set(spec_axes(s))), specs,
            is_leaf=lambda s: isinstance(s, P))

    def _step(self, params, ema):
        leaves, treedef = jax.tree.flatten(params)
        ema_leaves = treedef.flatten_up_to(ema)
        spec_leaves = treedef.flatten_up_to(self.specs)
        new_ema, evals, drifts = [], [], []
        for w, e, s in zip(leaves, ema_leaves, spec_leaves):
            e = EMA_DECAY * e + (1.0 - EMA_DECAY) * w
            w_full, e_full = unshard(w, s), unshard(e, s)
            drifts.append(max_drift(w, e, spec_axes(s)))
            new_ema.append(e)
            evals.append(e_full)
        return (treedef.unflatten(new_ema), treedef.unflatten(evals),
                jnp.max(jnp.stack(drifts)))

    def __call__(self, params, ema):
        f = jax.shard_map(self._step, mesh=self.mesh, in_specs=(self.specs, self.specs),
                          out_specs=(self.specs, self.full_specs, P()))
        return jax.jit(f)(params, ema)


def inputs():
    rng = np.random.default_rng(2)
    params = init_params(rng)
    ema = jax.tree.map(lambda x: x + 0.05 * rng.standard_normal(x.shape).astype(np.float32),
                       params)
    return params, ema


def main(params, ema):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    specs = tree_specs(params, PARAM_RULES, AXIS_RULES)
    tracker = EmaTracker(mesh, specs)
    new_ema, evals, drift = tracker(place(params, specs, mesh), place(ema, specs, mesh))
    want = jax.tree.map(lambda e, w: EMA_DECAY * e + (1 - EMA_DECAY) * w, ema, params)
    for got, ref in zip(jax.tree.leaves(evals), jax.tree.leaves(want)):
        np.testing.assert_allclose(np.asarray(got), ref, rtol=1e-5)
    ref_drift = max(float(np.max(np.abs(w - e))) for w, e in
                    zip(jax.tree.leaves(params), jax.tree.leaves(want)))
    np.testing.assert_allclose(float(drift), ref_drift, rtol=1e-5)
    print("ema drift", float(drift))


if __name__ == "__main__":
    main(*inputs())
