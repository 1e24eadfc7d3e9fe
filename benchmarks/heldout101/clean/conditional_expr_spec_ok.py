"""The export spec is picked with a conditional expression on whether the serving side is sharded."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None, serve_sharded=True):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    spec = P(None, "model", reduced={"data"}) if serve_sharded else P(None, None, reduced={"data", "model"})
    with jax.set_mesh(mesh):
        w = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
        out = top_level_all_gather(w, spec)
    return out


if __name__ == "__main__":
    main()
