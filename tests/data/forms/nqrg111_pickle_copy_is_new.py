"""a pickle round trip gives an equal, separate config: the faithful reading of a pickle round trip gives an equal, separate config."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import pickle


def get_axes():
    cfg = {"axes": ["data"]}
    blob = pickle.dumps(cfg)
    cfg["axes"].append("model")
    restored = pickle.loads(blob)
    return tuple(restored["axes"])


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(get_axes(), P("data"))


if __name__ == "__main__":
    main()
