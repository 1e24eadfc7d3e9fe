"""A frozen config whose fold() method rewrites its own gather axis with object.__setattr__."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class Topology:
    batch_axis: str = "data"
    gather_axis: str = "model"

    def fold(self):
        # one host: parameters are sharded over the batch axis too
        object.__setattr__(self, "gather_axis", self.batch_axis)


def inputs():
    return Topology(), np.arange(32, dtype=np.float32).reshape(8, 4)


def main(topo, w):
    mesh = jax.make_mesh((2, 4), (topo.batch_axis, topo.gather_axis))
    w = jax.device_put(w, NamedSharding(mesh, P(topo.batch_axis)))
    topo.fold()

    def step(w):
        return jnp.exp(jax.lax.all_gather(w, topo.gather_axis, to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=P(topo.batch_axis), out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
