"""Expert FFN weights initialised expert-parallel, then gathered whole for a dense eval model."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

EXPERT_SPEC = P("ep", "fsdp", None)
DENSE_SPEC = P(None, "fsdp", None)


def make_init(num_experts, d_model, d_ff):
    @jax.jit
    def init(key):
        return jax.random.normal(key, (num_experts, d_model, d_ff)) * 0.02
    return init


def to_dense(w):
    return top_level_all_gather(w, DENSE_SPEC)


def inputs():
    mesh = jax.make_mesh((2, 4), ("fsdp", "ep"))
    return mesh, jax.random.key(14)


def main(mesh, key):
    with jax.set_mesh(mesh):
        init = jax.jit(make_init(8, 16, 32), out_shardings=NamedSharding(mesh, EXPERT_SPEC))
        w = init(key)
        dense = to_dense(w)
    return dense.shape


if __name__ == "__main__":
    main(*inputs())
