"""The same helper, but it sets the axis on the config it was handed before making its copy:
the gather runs over "i", on which the sum over "j" still varies. Correct code: a change made
before the copy is a change of the module's config."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

CONF = {"axis": "j", "scale": 2.0}


def scale_of(conf):
    conf["axis"] = "i"
    conf = dict(conf)
    conf.pop("axis")
    return conf["scale"]


def main(mesh, x):
    scale = scale_of(CONF)
    axis = CONF["axis"]

    def body(block):
        total = jax.lax.psum(block, "j") * scale
        return jax.lax.all_gather(total, axis, axis=1, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, reduced={"i"}))(x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
