"""The gather axis parameter is rebound to the mesh's last axis by a starred unpacking."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return jax.make_mesh((2, 4), ("data", "model")), np.ones((8, 8), np.float32)


def main(mesh, x, gather_axis="data"):
    gather_axis, *_ = mesh.axis_names
    spec = P(None, "model")
    x = jax.device_put(x, NamedSharding(mesh, spec))

    def body(x):
        return jnp.sin(jax.lax.all_gather(x, gather_axis, to="reduced", tiled=True, axis=1))

    out = jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P(None, None, reduced={"model"}))(x)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
