"""moe/quant/expert_int8.py: symmetric int8 snapshot of all experts for the serving tier.

One scale per block (the max |w| over every shard); the snapshot stacks the experts over the
expert axis while keeping the mlp dimension split over the tensor axis.
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

QMAX = 127.0


def stack_experts(w, spec):
    return jax.lax.all_gather(w, spec[0], axis=0, tiled=True, to="reduced")


def block_amax(w, spec):
    return jax.lax.pmax(jnp.max(jnp.abs(w)), spec_axes(spec))


def make_snapshot(mesh, specs):
    wi_spec = specs.experts.wi
    out_spec = P(None, *wi_spec[1:], reduced={wi_spec[0]})

    def body(experts):
        amax = block_amax(experts.wi, wi_spec)
        scale = QMAX / amax
        q = jnp.round(stack_experts(experts.wi * scale, wi_spec))
        return q, amax

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(specs.experts,),
                                 out_specs=(out_spec, P())))


def inputs():
    rng = np.random.default_rng(16)
    return (init_block(rng),)


def main(block):
    mesh = jax.make_mesh((4, 2), ("expert", "tensor"))
    specs = tree_specs(block, PARAM_RULES, AXIS_RULES)
    q, amax = make_snapshot(mesh, specs)(place(block, specs, mesh).experts)
    np.testing.assert_allclose(float(amax), np.abs(block.experts.wi).max(), rtol=1e-6)
    deq = np.asarray(q) * float(amax) / QMAX
    np.testing.assert_allclose(deq, block.experts.wi, atol=float(amax) / QMAX)
    print("int8 snapshot", q.shape, "amax", float(amax))


if __name__ == "__main__":
    main(*inputs())
