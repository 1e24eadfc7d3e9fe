"""RVQ checkpoint: codebooks from a jitted initialiser, gathered with the reduced axis listed."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SAVE_SPEC = P(None, None, reduced={"quantizer"})


def inputs():
    return (np.arange(2, dtype=np.uint32),)


def init_codebooks(seed):
    return jax.random.normal(jax.random.key(seed[0]), (32, 8)) * 0.02


def save(cb, spec=SAVE_SPEC):
    return top_level_all_gather(cb, spec)


def main(seed):
    mesh = jax.make_mesh((8,), ("quantizer",))
    with jax.set_mesh(mesh):
        cb = jax.jit(init_codebooks, out_shardings=NamedSharding(mesh, P("quantizer", None)))(seed)
        first = save(cb)
        second = save(cb * 0.5)
        return first, second


if __name__ == "__main__":
    print(main(*inputs()))
