"""Global gradient norm for clipping in a mixed-precision train step."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("data", "model"))

CLIP_CONFIG = {"max_norm": 1.0, "norm_axes": ["data", "model"], "shard_axis": "model"}


def leaf_sq(g, cfg):
    sq = jnp.sum(jnp.square(g.astype(jnp.float32)))
    return jax.lax.psum(sq, cfg["shard_axis"])


def global_norm(grads, cfg=CLIP_CONFIG):
    total = sum(leaf_sq(g, cfg) for g in jax.tree.leaves(grads))
    total = jax.lax.psum(total, tuple(cfg["norm_axes"]))
    return jnp.sqrt(total)


def inputs():
    g1 = jnp.ones((8, 16), jnp.bfloat16)
    g2 = jnp.full((8, 16), 0.5, jnp.bfloat16)
    s = NamedSharding(MESH, P("data", "model"))
    return ({"w1": jax.device_put(g1, s), "w2": jax.device_put(g2, s)},)


def main(grads):
    specs = {"w1": P("data", "model"), "w2": P("data", "model")}
    return jax.shard_map(global_norm, mesh=MESH, in_specs=(specs,), out_specs=P())(grads)


if __name__ == "__main__":
    main(*inputs())
