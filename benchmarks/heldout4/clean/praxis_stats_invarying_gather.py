"""A praxis-like norm layer stack: hparams name the axes; the running statistics are summed
over the data axis and gathered with to='invarying' for the summary writer."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class NormHParams:
    name: str
    data_axis: str = "replica"
    eps: float = 1e-5


class NormLayer:
    def __init__(self, hparams: NormHParams):
        self.hparams = hparams

    def fprop(self, x):
        axis = self.hparams.data_axis
        sq = lax.psum(jnp.sum(x * x, axis=0, keepdims=True), axis)
        summary = lax.all_gather(sq, axis, axis=0, tiled=True, to="invarying")
        return x * lax.rsqrt(sq + self.hparams.eps), summary


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(16, 8) / 100.0,)


def main(x):
    mesh = jax.make_mesh((2, 4), ("replica", "mdl"))
    layer = NormLayer(NormHParams(name="ln"))
    x = jax.device_put(x, NamedSharding(mesh, P("replica", "mdl")))
    f = jax.shard_map(layer.fprop, mesh=mesh, in_specs=P("replica", "mdl"),
                      out_specs=(P("replica", "mdl"), P(None, "mdl")))
    return jax.jit(f)(x)


if __name__ == "__main__":
    print(main(*inputs()))
