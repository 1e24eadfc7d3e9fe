"""Running normalisation statistics of the DLRM dense features, shared by all data replicas."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class ParallelConfig:
    data: str = "dp"
    model: str = "mp"


@dataclasses.dataclass
class DLRMConfig:
    num_dense: int = 16
    parallel: ParallelConfig = dataclasses.field(default_factory=ParallelConfig)


class DenseNormalizer:
    def __init__(self, cfg: DLRMConfig):
        self.axis = cfg.parallel.data

    def moments(self, dense):
        sums = jax.lax.psum(dense.sum(axis=0, keepdims=True), self.axis)
        sq = jax.lax.psum((dense ** 2).sum(axis=0, keepdims=True), self.axis)
        return jnp.concatenate([sums, sq], axis=0)

    def publish(self, dense):
        stats = self.moments(dense)
        return jax.lax.all_gather(stats, axis_name=self.axis, to="reduced")


def inputs():
    return (np.random.default_rng(20).lognormal(size=(32, 16)).astype(np.float32),)


def main(dense):
    cfg = DLRMConfig()
    par = cfg.parallel
    mesh = jax.make_mesh((2, 4), (par.data, par.model))
    dense = jax.device_put(dense, NamedSharding(mesh, P(par.data, par.model)))
    norm = DenseNormalizer(cfg)
    f = jax.shard_map(norm.publish, mesh=mesh, in_specs=P(par.data, par.model),
                      out_specs=P(None, None, par.model, reduced={par.data}))
    return f(dense)


if __name__ == "__main__":
    main(*inputs())
