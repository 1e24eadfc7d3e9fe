"""operator.attrgetter reads the nested attribute after an override of the nested object."""
import operator
import types

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

config = types.SimpleNamespace(
    parallel=types.SimpleNamespace(loss_axes=("data", "model")),
    optim=types.SimpleNamespace(lr=0.1),
)
config.parallel = types.SimpleNamespace(loss_axes=("data",))
get_axes = operator.attrgetter("parallel.loss_axes")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    axes = get_axes(config)
    return jax.shard_map(lambda v: jax.lax.psum(jnp.sum(v) * config.optim.lr, axes), mesh=mesh,
                         in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
