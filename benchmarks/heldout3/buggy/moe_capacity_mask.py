import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

EXPERT_AXIS = "ep"
CAPACITY_FACTOR = 1.25


def expert_load(router_probs, *, axis_name):
    load = jnp.sum(router_probs, axis=0)
    load_all = lax.all_gather(load, axis_name, tiled=True, to="reduced")
    over = load_all > CAPACITY_FACTOR
    return jnp.where(over, 0.0, 1.0).sum()


def inputs():
    return (np.linspace(0, 1, 64, dtype=np.float32).reshape(8, 8),)


def main(router_probs):
    mesh = jax.make_mesh((8,), (EXPERT_AXIS,))
    router_probs = jax.device_put(router_probs, NamedSharding(mesh, P(None, EXPERT_AXIS)))
    body = functools.partial(expert_load, axis_name=EXPERT_AXIS)
    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P(None, EXPERT_AXIS), out_specs=P()))
    return f(router_probs)


if __name__ == "__main__":
    print(main(*inputs()))
