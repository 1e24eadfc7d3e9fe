"""Pick the feature axis by scanning the mesh names; fall back when no name matches."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PREFERRED = ("tensor", "mp")


def find_feature_axis(mesh):
    for name in mesh.axis_names:
        if name in PREFERRED:
            axis = name
            break
    else:
        axis = mesh.axis_names[-1]
    return axis


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    feat = find_feature_axis(mesh)

    def body(block):
        energy = jax.lax.psum(jnp.sum(jnp.abs(block), axis=1), feat)
        return jax.lax.all_gather(energy, feat, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P("data", reduced={feat}))(x)


if __name__ == "__main__":
    main()
