"""lora/diagnostics/delta_norm.py: Frobenius norm of each adapter's update scaling * a @ b.

The product a @ b of the shards has the base kernel's layout (a's rows follow the kernel's rows,
b's columns its columns), so its norm is reduced over the kernel's sharded axes.
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


class LoraDense:
    """Frozen kernel plus a low-rank adapter (kernel + scaling * lora_a @ lora_b)."""

    def __init__(self, kernel, lora_a, lora_b):
        self.kernel = kernel
        self.lora_a = lora_a
        self.lora_b = lora_b

    def __repr__(self):
        return f"LoraDense(kernel={jnp.shape(self.kernel)}, rank={jnp.shape(self.lora_a)[-1]})"


def _lora_flatten(m):
    keys = ("kernel", "lora_a", "lora_b")
    return [(jax.tree_util.GetAttrKey(k), getattr(m, k)) for k in keys], None


jax.tree_util.register_pytree_with_keys(LoraDense, _lora_flatten,
                                        lambda _, children: LoraDense(*children))

PARAM_RULES = [
    (r"q_proj/kernel$", ("embed", "heads")),
    (r"q_proj/lora_a$", ("embed", "rank")),
    (r"q_proj/lora_b$", ("rank", "heads")),
    (r"o_proj/kernel$", ("heads", "embed")),
    (r"o_proj/lora_a$", ("heads", "rank")),
    (r"o_proj/lora_b$", ("rank", "embed")),
]

AXIS_RULES = [
    ("heads", "model"),
    ("embed", "data"),
    ("rank", None),
]

LORA_ALPHA, LORA_RANK = 8.0, 4


def init_params(rng, d=8, h=8, r=LORA_RANK):
    def normal(*shape):
        return (rng.standard_normal(shape) / np.sqrt(shape[0])).astype(np.float32)
    return {"q_proj": LoraDense(normal(d, h), normal(d, r), normal(r, h)),
            "o_proj": LoraDense(normal(h, d), normal(h, r), normal(r, d))}


def kernel_spec_of(name):
    return P(*logical_to_mesh(first_match(PARAM_RULES, name + "/kernel"), AXIS_RULES))


def make_delta_norms(mesh, specs, scaling):
    names = sorted(specs)

    def body(params):
        out = {}
        for n in names:
            delta = scaling * (params[n].lora_a @ params[n].lora_b)
            out[n] = jnp.sqrt(jax.lax.psum(jnp.sum(delta * delta),
                                           spec_axes(kernel_spec_of(n))))
        return out

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(specs,),
                                 out_specs={n: P() for n in names}))


def inputs():
    rng = np.random.default_rng(44)
    return (init_params(rng),)


def main(params):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    specs = tree_specs(params, PARAM_RULES, AXIS_RULES)
    scaling = LORA_ALPHA / LORA_RANK
    norms = make_delta_norms(mesh, specs, scaling)(place(params, specs, mesh))
    for n, layer in params.items():
        want = np.linalg.norm(scaling * layer.lora_a @ layer.lora_b)
        np.testing.assert_allclose(float(norms[n]), want, rtol=1e-5)
    print({n: round(float(v), 4) for n, v in norms.items()})


if __name__ == "__main__":
    main(*inputs())
