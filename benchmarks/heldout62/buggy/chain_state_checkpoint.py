"""Adam state saved to host by a checkpointer that owns the mesh context."""
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class ScaleByAdamState(NamedTuple):
    count: Any
    mu: Any
    nu: Any


class OptimizerCheckpointer:
    def __init__(self, mesh, host_specs):
        self.mesh = mesh
        self.host_specs = host_specs
        self.saved = {}
        self._ctx = None

    def __enter__(self):
        self._ctx = jax.set_mesh(self.mesh)
        self._ctx.__enter__()
        return self

    def __exit__(self, *exc):
        return self._ctx.__exit__(*exc)

    def save(self, step, state):
        self.saved[step] = jax.tree.map(top_level_all_gather, state, self.host_specs)
        return self.saved[step]


def adam_init(params):
    return ScaleByAdamState(jnp.zeros([], jnp.int32), jax.tree.map(jnp.zeros_like, params),
                            jax.tree.map(jnp.zeros_like, params))


def inputs():
    return {"w": np.ones((8, 16), np.float32)},


def main(params):
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    params = jax.device_put(params, NamedSharding(mesh, P("replica", "shard")))
    gathered = P("replica", None, reduced={"shard"})
    host_specs = ScaleByAdamState(P(), {"w": gathered}, {"w": gathered})
    ckpt = OptimizerCheckpointer(mesh, host_specs)
    with ckpt:
        state = jax.jit(adam_init)(params)
        state = state._replace(count=state.count + 1)
    return ckpt.save(1, state)


if __name__ == "__main__":
    main(*inputs())
