"""trainer/optim/adam.py: one sharded Adam step; the moments mirror the parameter tree.

Moments are laid out exactly like their parameters, so the update is local to each shard; only
the global gradient norm (for clipping) needs a reduction over each leaf's sharded axes.
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

HP = {"lr": 1e-2, "b1": 0.9, "b2": 0.999, "eps": 1e-8, "clip": 1.0}


def init_params(rng, vocab=16, d=8, f=16):
    return {
        "embed": {"table": rng.standard_normal((vocab, d)).astype(np.float32)},
        "mlp": {
            "wi": {"kernel": rng.standard_normal((d, f)).astype(np.float32)},
            "wo": {"kernel": rng.standard_normal((f, d)).astype(np.float32)},
        },
        "norm": {"scale": np.ones((d,), np.float32)},
    }


def global_norm(grads, specs):
    sq = jax.tree.map(lambda g, s: jax.lax.psum(jnp.sum(g * g), spec_axes(s)), grads, specs,
                      is_leaf=lambda s: isinstance(s, P))
    return jnp.sqrt(sum(jax.tree.leaves(sq)))


def make_adam(mesh, specs):
    def body(params, grads, mu, nu):
        norm = global_norm(grads, specs)
        factor = jnp.minimum(1.0, HP["clip"] / (norm + 1e-6))
        grads = jax.tree.map(lambda g: g * factor, grads)
        mu = jax.tree.map(lambda m, g: HP["b1"] * m + (1 - HP["b1"]) * g, mu, grads)
        nu = jax.tree.map(lambda v, g: HP["b2"] * v + (1 - HP["b2"]) * g * g, nu, grads)
        params = jax.tree.map(lambda w, m, v: w - HP["lr"] * m / (jnp.sqrt(v) + HP["eps"]),
                              params, mu, nu)
        return params, mu, nu, norm

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(specs, specs, specs, specs),
                                 out_specs=(specs, specs, specs, P())))


def inputs():
    rng = np.random.default_rng(41)
    params = init_params(rng)
    grads = jax.tree.map(lambda x: rng.standard_normal(x.shape).astype(np.float32), params)
    return params, grads


def main(params, grads):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    specs = tree_specs(params, PARAM_RULES, AXIS_RULES)
    zeros = jax.tree.map(np.zeros_like, params)
    step = make_adam(mesh, specs)
    new, mu, nu, norm = step(*(place(t, specs, mesh) for t in (params, grads, zeros, zeros)))
    ref = np.sqrt(sum(float(np.sum(g * g)) for g in jax.tree.leaves(grads)))
    np.testing.assert_allclose(float(norm), ref, rtol=1e-5)
    print("adam step; grad norm", float(norm))


if __name__ == "__main__":
    main(*inputs())
