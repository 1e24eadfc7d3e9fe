"""A mesh handed in as (model, data) while the code writes its specs with the literal 'data'."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return jax.make_mesh((4, 2), ("model", "data")), np.arange(32, dtype=np.float32).reshape(8, 4)


def main(mesh, x):
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    inner = mesh.axis_names[1]

    def body(x):
        full = jax.lax.all_gather(x, inner, to="reduced", tiled=True)
        return full * full

    out = jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P(None, reduced={"data"}))(x)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
