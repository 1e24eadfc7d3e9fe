"""NO_SHARD gradient path of an FSDP-like wrapper around a layout-analysis encoder."""
import enum
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("fsdp", "tp"))


class ShardingStrategy(enum.Enum):
    FULL_SHARD = enum.auto()
    SHARD_GRAD_OP = enum.auto()
    NO_SHARD = enum.auto()


@dataclass
class FlatParameter:
    data: jax.Array
    axis: str = "fsdp"


class FullyShardedDataParallel:
    def __init__(self, flat, strategy=ShardingStrategy.NO_SHARD):
        self.flat = flat
        self.strategy = strategy

    def _reduce_grad(self, grad):
        if self.strategy is ShardingStrategy.NO_SHARD:
            return jax.lax.psum(grad, self.flat.axis)
        return jax.lax.psum_scatter(grad, self.flat.axis, tiled=True)

    def _optimizer_view(self, grad):
        return jax.lax.all_gather(grad, self.flat.axis, tiled=True, to="reduced")

    def post_backward(self, grad):
        return self._optimizer_view(self._reduce_grad(grad))


def region_logits(w, tokens):
    return jnp.tanh(tokens @ w).sum(axis=-1)


def step(tokens, w):
    local_w = jax.lax.pcast(w, "fsdp", to="varying")
    grad = jax.grad(lambda p: jnp.mean(region_logits(p, tokens) ** 2))(local_w)
    fsdp = FullyShardedDataParallel(FlatParameter(grad.reshape(-1)))
    return fsdp.post_backward(fsdp.flat.data)


def inputs():
    rng = np.random.default_rng(20)
    tokens = rng.normal(size=(8, 12, 6)).astype(np.float32)
    w = rng.normal(size=(6, 4)).astype(np.float32) * 0.2
    return (jax.device_put(tokens, NamedSharding(MESH, P("fsdp", None, None))),
            jax.device_put(w, NamedSharding(MESH, P(None, "tp"))))


def main(tokens, w):
    fn = jax.shard_map(step, mesh=MESH, in_specs=(P("fsdp", None, None), P(None, "tp")),
                       out_specs=P("tp", reduced={"fsdp"}))
    print("grad view:", fn(tokens, w).shape)


if __name__ == "__main__":
    main(*inputs())
