"""trainer/optim/sgdw_export.py: one SGD step with decoupled weight decay, returning the
updated parameters both sharded (for the next step) and materialised (for the eval workers).
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

HPARAMS = {"lr": 0.1, "weight_decay": 0.01}


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
    for dim in reversed(range(len(spec))):
        if spec[dim] is not None:
            w = jax.lax.all_gather(w, spec[dim], axis=dim, tiled=True, to="reduced")
    return w


def decoupled_decay(w, rate):
    return w * (1.0 - rate)


def sgdw_leaf(w, g, spec, hp):
    stepped = w - hp["lr"] * g
    full = unshard(stepped, spec)
    return decoupled_decay(stepped, hp["lr"] * hp["weight_decay"]), \
        decoupled_decay(full, hp["lr"] * hp["weight_decay"])


def make_step(mesh, specs, hp):
    full_specs = jax.tree.map(lambda s: P(*([None] * len(s)), reduced=set(spec_axes(s))),
                              specs, is_leaf=lambda s: isinstance(s, P))

    def body(params, grads):
        pairs = jax.tree.map(lambda w, g, s: sgdw_leaf(w, g, s, hp), params, grads, specs,
                             is_leaf=lambda s: isinstance(s, P))
        outer = jax.tree.structure(params)
        return jax.tree.transpose(outer, jax.tree.structure((0, 0)), pairs)

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(specs, specs),
                                 out_specs=(specs, full_specs)))


def inputs():
    rng = np.random.default_rng(5)
    params = init_params(rng)
    grads = jax.tree.map(lambda x: rng.standard_normal(x.shape).astype(np.float32), params)
    return params, grads


def main(params, grads):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    specs = tree_specs(params, PARAM_RULES, AXIS_RULES)
    new, full = make_step(mesh, specs, HPARAMS)(place(params, specs, mesh),
                                                 place(grads, specs, mesh))
    decay = 1.0 - HPARAMS["lr"] * HPARAMS["weight_decay"]
    want = jax.tree.map(lambda w, g: (w - HPARAMS["lr"] * g) * decay, params, grads)
    for a, b, ref in zip(jax.tree.leaves(new), jax.tree.leaves(full), jax.tree.leaves(want)):
        np.testing.assert_allclose(np.asarray(a), ref, rtol=1e-5)
        np.testing.assert_allclose(np.asarray(b), ref, rtol=1e-5)
    print("sgdw step ok")


if __name__ == "__main__":
    main(*inputs())
