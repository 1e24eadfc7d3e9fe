"""Pairs entry thresholds: book-wide spread dispersion via research_utils reducers."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- research_utils.sharding (vendored) ---------------------------------------------------

MESH_AXES = ("dates", "names")
_REDUCERS = {"sum": jax.lax.psum, "mean": jax.lax.pmean}


def reducer(how):
    return _REDUCERS[how]


def over(*axes):
    return axes[0] if len(axes) == 1 else tuple(axes)

# ---- research -----------------------------------------------------------------------------


def dispersion(spread):
    time_sum = reducer("sum")(spread.sum(axis=0), over("dates"))
    sq = reducer("sum")((spread ** 2).sum(axis=0), over("dates"))
    n = spread.shape[0] * jax.lax.axis_size("dates")
    var = sq / n - (time_sum / n) ** 2
    book = reducer("mean")(var.mean(), over(*MESH_AXES))
    return jnp.sqrt(var), book


def inputs():
    rng = np.random.default_rng(605)
    return (rng.standard_normal((16, 32)).astype(np.float32),)


def main(spread):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    spread = jax.device_put(spread, NamedSharding(mesh, P(*MESH_AXES)))
    vol, book = jax.shard_map(dispersion, mesh=mesh, in_specs=P(*MESH_AXES),
                              out_specs=(P("names"), P()))(spread)
    print(vol.shape, book.shape)
    return vol


if __name__ == "__main__":
    main(*inputs())
