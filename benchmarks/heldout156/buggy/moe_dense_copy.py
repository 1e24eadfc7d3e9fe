"""moe/serving/dense_copy.py: materialise every expert in full for the dense fallback path.

Each expert leaf is all-gathered dimension by dimension (innermost first), the mesh axis of each
dimension looked up from the gather rule table by the leaf's logical axis names.
"""
import dataclasses
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


@dataclasses.dataclass
class Router:
    kernel: jax.Array


@dataclasses.dataclass
class Experts:
    wi: jax.Array
    wo: jax.Array


@dataclasses.dataclass
class MoeBlock:
    router: Router
    experts: Experts
    norm_scale: jax.Array


jax.tree_util.register_dataclass(Router, data_fields=["kernel"], meta_fields=[])
jax.tree_util.register_dataclass(Experts, data_fields=["wi", "wo"], meta_fields=[])
jax.tree_util.register_dataclass(MoeBlock, data_fields=["router", "experts", "norm_scale"],
                                 meta_fields=[])

PARAM_RULES = [
    (r"router/kernel$", ("embed", "exp")),
    (r"experts/wi$", ("exp", "embed", "mlp")),
    (r"experts/wo$", ("exp", "mlp", "embed")),
    (r"norm_scale$", ("embed",)),
]

AXIS_RULES = [
    ("exp", "expert"),
    ("mlp", "tensor"),
    ("embed", None),
]


def init_block(rng, n_exp=4, d=8, f=16):
    def normal(*shape):
        return rng.standard_normal(shape).astype(np.float32)
    return MoeBlock(router=Router(kernel=normal(d, n_exp)),
                    experts=Experts(wi=normal(n_exp, d, f), wo=normal(n_exp, f, d)),
                    norm_scale=np.ones((d,), np.float32))

GATHER_RULES = [
    ("mlp", "tensor"),
    ("exp", ("expert", "tensor")),
    ("embed", None),
]


def dense_copy(w, logical):
    for dim in reversed(range(w.ndim)):
        axis = logical_to_mesh((logical[dim],), GATHER_RULES)[0]
        if axis is not None:
            w = jax.lax.all_gather(w, axis, axis=dim, tiled=True, to="reduced")
    return w


class DenseFallback:
    def __init__(self, mesh, specs):
        self.mesh = mesh
        self.specs = specs

    def _body(self, experts):
        out = {}
        for name in ("wi", "wo"):
            logical = first_match(PARAM_RULES, "experts/" + name)
            out[name] = dense_copy(getattr(experts, name), logical)
        return out

    def __call__(self, experts):
        full = P(None, None, None, reduced={"expert", "tensor"})
        f = jax.shard_map(self._body, mesh=self.mesh, in_specs=(self.specs.experts,),
                          out_specs={"wi": full, "wo": full})
        return jax.jit(f)(experts)


def inputs():
    rng = np.random.default_rng(12)
    return (init_block(rng),)


def main(block):
    mesh = jax.make_mesh((4, 2), ("expert", "tensor"))
    specs = tree_specs(block, PARAM_RULES, AXIS_RULES)
    placed = place(block, specs, mesh)
    dense = DenseFallback(mesh, specs)(placed.experts)
    np.testing.assert_allclose(np.asarray(dense["wi"]), block.experts.wi, rtol=1e-6)
    np.testing.assert_allclose(np.asarray(dense["wo"]), block.experts.wo, rtol=1e-6)
    print("dense copy", dense["wi"].shape, dense["wo"].shape)


if __name__ == "__main__":
    main(*inputs())
