"""a pickle round trip of a config in memory: the axes a psum reduces over reach the shard_map body through a pickle round trip of a config in memory."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import pickle


def get_axes():
    cfg = {"axes": ("data", "model"), "steps": 2}
    blob = pickle.dumps(cfg)
    restored = pickle.loads(blob)
    return restored["axes"]


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(get_axes(), P("data", "model"))


if __name__ == "__main__":
    main()
