"""moe/monitor/router_columns.py: per-expert router column norms, stacked over the expert axis.

Each device holds the router columns of its experts (the kernel is split by expert over the
expert axis and replicated over tensor); the column norms are local and stacked for the monitor.
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


def make_router_monitor(mesh, specs):
    kspec = specs.router.kernel
    axis = kspec[1]

    def body(router):
        cols = jnp.sqrt(jnp.sum(router.kernel * router.kernel, axis=0))
        return jax.lax.all_gather(cols, axis, tiled=True, to="reduced")

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(specs.router,),
                                 out_specs=P(None, reduced={axis})))


def inputs():
    rng = np.random.default_rng(42)
    return (init_block(rng),)


def main(block):
    mesh = jax.make_mesh((4, 2), ("expert", "tensor"))
    specs = tree_specs(block, PARAM_RULES, AXIS_RULES)
    cols = make_router_monitor(mesh, specs)(place(block, specs, mesh).router)
    np.testing.assert_allclose(np.asarray(cols), np.linalg.norm(block.router.kernel, axis=0),
                               rtol=1e-5)
    print("router column norms", np.round(np.asarray(cols), 3))


if __name__ == "__main__":
    main(*inputs())
