"""MoE dispatch: token slots sent to their expert shard after the router's gate table."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EP = "ep"


def gate_table(gates, axis):
    return jax.lax.all_gather(gates, axis, axis=0, tiled=True, to="reduced")


def dispatch(tokens, gates, *, axis):
    table = gate_table(gates, axis)
    send = functools.partial(jax.lax.all_to_all, axis_name=axis, split_axis=0, concat_axis=0, tiled=True)
    routed_gates = send(table)
    return send(tokens), routed_gates


def inputs():
    rng = np.random.default_rng(403)
    return rng.standard_normal((64, 8)).astype(np.float32), rng.uniform(0, 1, (64, 8)).astype(np.float32)


def main(tokens, gates):
    mesh = jax.make_mesh((8,), (EP,))
    tokens = jax.device_put(tokens, NamedSharding(mesh, P(EP)))
    gates = jax.device_put(gates, NamedSharding(mesh, P(EP)))
    fn = jax.shard_map(functools.partial(dispatch, axis=EP), mesh=mesh, in_specs=(P(EP), P(EP)),
                       out_specs=(P(EP), P(EP)))
    return fn(tokens, gates)


if __name__ == "__main__":
    print(main(*inputs()))
