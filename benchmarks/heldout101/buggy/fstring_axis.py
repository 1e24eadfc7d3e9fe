"""Axis names are built with f-strings from a role prefix, as in a naming convention module."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROLES = {"batch": "da", "hidden": "mod"}


def axis_for(role):
    stem = ROLES[role]
    return f"{stem}ta" if stem.startswith("d") else f"{stem}el"


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), (axis_for("batch"), axis_for("hidden")))
    x = jax.device_put(x, NamedSharding(mesh, P(*mesh.axis_names)))
    hid = axis_for("hidden")

    def body(block):
        act = jax.lax.psum(jnp.sum(block, axis=1), hid)
        return jax.lax.all_gather(act, hid, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P(*mesh.axis_names),
                         out_specs=P(axis_for("batch"), reduced={hid}))(x)


if __name__ == "__main__":
    main()
