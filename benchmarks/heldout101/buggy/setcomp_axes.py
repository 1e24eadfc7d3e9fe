"""The axes any parameter is split over, collected with a set comprehension over a spec table."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PARAM_SPECS = {"w_in": P("data", "model"), "w_out": P("model", "data"), "bias": P(None)}


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, PARAM_SPECS["w_in"]))
    split_axes = tuple(sorted({ax for spec in PARAM_SPECS.values() for ax in spec if ax}))

    def body(w):
        col_norm = jax.lax.psum(jnp.sum(w * w, axis=0), "data")
        sq = jnp.sum(col_norm)
        return jax.lax.psum(sq, split_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=PARAM_SPECS["w_in"], out_specs=P())(x)


if __name__ == "__main__":
    main()
