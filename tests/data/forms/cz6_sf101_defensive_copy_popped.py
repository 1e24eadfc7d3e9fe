"""A helper takes what it needs out of a defensive copy of the config it is handed
(`conf = dict(conf)` then `conf.pop("axis")`): the module's config keeps its axis, and the
gather runs over "j", on which the value was just summed."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

CONF = {"axis": "j", "scale": 2.0}


def scale_of(conf):
    conf = dict(conf)
    conf.pop("axis")
    return conf["scale"]


def main(mesh, x):
    scale = scale_of(CONF)
    axis = CONF["axis"]

    def body(block):
        total = jax.lax.psum(block, axis) * scale
        return jax.lax.all_gather(total, axis, axis=1, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", reduced={"j"}))(x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
