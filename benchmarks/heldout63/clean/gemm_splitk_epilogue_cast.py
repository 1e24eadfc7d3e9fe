"""Split-K GEMM with a tuned configuration: partial products are reduced, then the epilogue adds the bias."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Config:
    block_m: int
    block_n: int
    block_k: int
    split_k: int = 1
    num_warps: int = 4


TUNED = {
    "square": Config(block_m=64, block_n=64, block_k=32, split_k=1),
    "tall_skinny": Config(block_m=128, block_n=16, block_k=64, split_k=4, num_warps=8),
}


class Epilogue:
    def __init__(self, split_axis, activation=None):
        self.split_axis = split_axis
        self.activation = activation or (lambda v: v)

    def store(self, acc, bias):
        out = jax.lax.pcast(self.activation(acc + bias), self.split_axis, to="varying")
        return jax.lax.all_gather(out, self.split_axis, axis=1, tiled=True, to="reduced")


def splitk_matmul(a, b, bias, *, epilogue, config):
    partial_c = jnp.dot(a, b, preferred_element_type=jnp.float32)
    acc = jax.lax.psum(partial_c, epilogue.split_axis) if config.split_k > 1 else partial_c
    return epilogue.store(acc, bias)


def inputs():
    rng = np.random.default_rng(50)
    a = rng.standard_normal((16, 32)).astype(np.float32)
    b = rng.standard_normal((32, 4)).astype(np.float32)
    bias = rng.standard_normal((1, 4)).astype(np.float32)
    return a, b, bias


def main(a, b, bias):
    config = TUNED["tall_skinny"]
    mesh = jax.make_mesh((2, 4), ("m", "k"))
    a = jax.device_put(a, NamedSharding(mesh, P("m", "k")))
    b = jax.device_put(b, NamedSharding(mesh, P("k", None)))
    bias = jax.device_put(bias, NamedSharding(mesh, P()))
    epilogue = Epilogue("k", activation=jax.nn.relu)
    body = lambda a, b, bias: splitk_matmul(a, b, bias, epilogue=epilogue, config=config)
    run = jax.shard_map(body, mesh=mesh, in_specs=(P("m", "k"), P("k", None), P()),
                        out_specs=P("m", None, reduced={"k"}))
    return run(a, b, bias)


if __name__ == "__main__":
    main(*inputs())
