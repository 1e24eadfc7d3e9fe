"""A helper computing an np constant is called, and its result combined with the varying value before the gather."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def _temperature(d):
    return np.sqrt(np.float32(d))


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))

    def body(block):
        t = _temperature(4)
        logits = block / t
        r = jax.lax.all_gather(logits, "data", to="reduced", tiled=True)
        return r + t
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, "model", reduced={"data"}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
