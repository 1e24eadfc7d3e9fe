"""Predictive variance of a GP regressor at test points from a gathered Cholesky solve."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Hyper:
    amplitude: float = 1.2
    data_axis: str = "data"


class Regressor:
    def __init__(self, hyper: Hyper):
        self.hyper = hyper

    def explained(self, v):
        v_all = jax.lax.all_gather(v, self.hyper.data_axis, axis=0, tiled=True, to="reduced")
        return jnp.sum(v_all * v_all, axis=0)

    def variance(self, v):
        quad = self.explained(v)
        return self.hyper.amplitude ** 2 - quad


def inputs():
    v = np.random.default_rng(8).normal(size=(16, 32)).astype(np.float32) * 0.1
    return (v,)


def main(v):
    mesh = jax.make_mesh((2, 4), ("data", "feat"))
    v = jax.device_put(v, NamedSharding(mesh, P("data", "feat")))
    model = Regressor(Hyper())
    return jax.shard_map(model.variance, mesh=mesh, in_specs=P("data", "feat"),
                         out_specs=P("feat", reduced={"data"}))(v)


if __name__ == "__main__":
    main(*inputs())
