"""Streaming conformer: the left-context cache is exported after each chunk for the decoder."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

CACHE_SPEC = P(("dp", "tp"), None)
EXPORT_SPEC = P("tp", None, reduced={"dp"})


def make_chunk_step(mesh, left_context):
    def step(cache, chunk):
        return jnp.concatenate([cache[:, left_context:], chunk], axis=1)
    return jax.jit(step, out_shardings=NamedSharding(mesh, CACHE_SPEC))


def export_cache(cache):
    return top_level_all_gather(cache, EXPORT_SPEC)


def inputs():
    rng = np.random.default_rng(23)
    return rng.standard_normal((8, 16)).astype(np.float32), rng.standard_normal((8, 4)).astype(np.float32)


def main(cache, chunk):
    mesh = jax.make_mesh((4, 2), ("dp", "tp"))
    with jax.set_mesh(mesh):
        cache = jax.device_put(cache, NamedSharding(mesh, CACHE_SPEC))
        chunk = jax.device_put(chunk, NamedSharding(mesh, CACHE_SPEC))
        step = make_chunk_step(mesh, left_context=4)
        cache = step(cache, chunk)
        return export_cache(cache)


if __name__ == "__main__":
    print(main(*inputs()))
