"""`lax` here names a small namespace of local reducers for a single-device debug path."""
import types

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def _local_psum(x, axis_name):
    return x


def _local_all_gather(x, axis_name, to="varying", tiled=False):
    return x


def make_collectives(debug):
    if debug:
        return types.SimpleNamespace(psum=_local_psum, all_gather=_local_all_gather)
    return jax.lax


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    lax = make_collectives(debug=True)
    # outside shard_map: the debug namespace only passes values through
    y = lax.psum(jnp.asarray(x), ("data", "model"))
    y = lax.all_gather(lax.psum(y, "data"), "data", to="reduced") * 2.0
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    xs = jax.device_put(x, NamedSharding(mesh, P("data")))
    real = make_collectives(debug=False)
    tot = jax.shard_map(lambda b: real.psum(jnp.sum(b), "data"), mesh=mesh,
                        in_specs=P("data"), out_specs=P())(xs)
    return y.sum() + tot


if __name__ == "__main__":
    print(main(*inputs()))
