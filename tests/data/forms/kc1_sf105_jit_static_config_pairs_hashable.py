"""The config as a tuple of (key, value) pairs, a static argument JAX can hash: the body is traced
and its psum over ("i", "j") meets rows already summed over "i": JAX raises there."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))


@functools.partial(jax.jit, static_argnums=(1,))
def reduce_rows(x, cfg):
    def body(block):
        rows = jax.lax.psum(block * dict(cfg)["scale"], "i")
        return jax.lax.psum(rows, ("i", "j"))  # SF105

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(MESH, P("i", "j")))
    return reduce_rows(x, (("scale", 2.0),))


if __name__ == "__main__":
    main()
