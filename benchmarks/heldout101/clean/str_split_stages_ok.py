"""Gather stages given as a string option "data;data,model", split into axis tuples."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GATHER_STAGES = "data;model"


def parse_stages(text):
    return [tuple(part.strip() for part in stage.split(",")) for stage in text.split(";")]


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    first, second = parse_stages(GATHER_STAGES)

    def body(block):
        g = jax.lax.all_gather(block, first, axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(g, second, axis=1, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P(None, None, reduced={"data", "model"}))(x)


if __name__ == "__main__":
    main()
