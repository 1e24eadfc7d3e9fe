"""A clipping threshold parsed from a string flag with float()."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FLAGS = {"clip_norm": "1.5", "warmup": "100"}


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8) / 20.0,)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    clip = float(FLAGS["clip_norm"])

    def body(g):
        full = jax.lax.all_gather(g, "data", axis=0, tiled=True, to="reduced")
        return jnp.clip(full, -clip, clip)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P(None, "model", reduced={"data"}))(x)


if __name__ == "__main__":
    main()
