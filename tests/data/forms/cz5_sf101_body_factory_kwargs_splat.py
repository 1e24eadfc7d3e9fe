"""A loss factory built with the mesh axis written first and the rest of its settings spread from
a config dict (`build(axis, **CONF)`): the spread cannot bind the axis again, so the body's axis
is the one written. The gather runs over "j", on which the value was just summed."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

CONF = {"scale": 2.0, "normalize": False}


def build(axis, scale, normalize):
    def body(block):
        total = jax.lax.psum(block, axis) * scale
        return jax.lax.all_gather(total, axis, axis=1, tiled=True, to="reduced")  # SF101

    return body


def main(mesh, x):
    body = build("j", **CONF)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", reduced={"j"}))(x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
