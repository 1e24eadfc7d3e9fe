"""Megatron-like tensor-parallel mappings and a parallel linear layer configured by mode."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TP_AXIS = "tensor"


def copy_to_tensor_parallel_region(x):
    return x


def reduce_from_tensor_parallel_region(x):
    return jax.lax.psum(x, TP_AXIS)


def gather_from_tensor_parallel_region(x):
    return jax.lax.all_gather(x, TP_AXIS, axis=x.ndim - 1, tiled=True, to="reduced")


MAPPINGS = {
    "copy": copy_to_tensor_parallel_region,
    "reduce": reduce_from_tensor_parallel_region,
    "gather": gather_from_tensor_parallel_region,
}


@dataclasses.dataclass(frozen=True)
class ParallelLinearConfig:
    mode: str = "column"
    gather_output: bool = False

    def output_mappings(self):
        names = ["reduce"] if self.mode == "row" else []
        if self.gather_output:
            names.append("gather")
        return [MAPPINGS[n] for n in names]


class ParallelLinear:
    def __init__(self, config):
        self.config = config

    def __call__(self, x, w):
        y = x @ w
        for mapping in self.config.output_mappings():
            y = mapping(y)
        return y


def inputs():
    rng = np.random.default_rng(21)
    return rng.normal(size=(4, 16)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(x, w):
    mesh = jax.make_mesh((2, 4), ("data", TP_AXIS))
    x = jax.device_put(x, NamedSharding(mesh, P("data", TP_AXIS)))
    w = jax.device_put(w, NamedSharding(mesh, P(TP_AXIS, None)))
    layer = ParallelLinear(ParallelLinearConfig(mode="row", gather_output=True))
    return jax.shard_map(layer, mesh=mesh, in_specs=(P("data", TP_AXIS), P(TP_AXIS, None)),
                         out_specs=P("data", None, reduced={TP_AXIS}))(x, w)


if __name__ == "__main__":
    main(*inputs())
