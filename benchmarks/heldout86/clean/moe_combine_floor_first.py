"""Combine step: expert outputs weighted by gates, with a floor on the shared gate weights."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class CombineConfig:
    num_experts: int = 8
    min_gate: float = 1e-4
    batch_axis: str = "data"
    expert_axis: str = "expert"


def shared_gates(logits, cfg):
    gates = floored(jax.nn.softmax(logits, axis=-1), cfg)
    return jax.lax.all_gather(gates, cfg.expert_axis, axis=0, tiled=True, to="reduced")


def floored(gates, cfg):
    return jnp.maximum(gates, cfg.min_gate)


def inputs():
    rng = np.random.default_rng(11)
    return rng.normal(size=(32, 16)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(tokens, w_router):
    cfg = CombineConfig()
    axes = (cfg.batch_axis, cfg.expert_axis)
    mesh = jax.make_mesh((2, 4), axes)
    tokens = jax.device_put(tokens, NamedSharding(mesh, P(axes, None)))

    def body(x, w):
        gates = shared_gates(x @ w, cfg)
        return jax.lax.psum(gates.sum(axis=0), cfg.batch_axis)

    weight = jax.shard_map(body, mesh=mesh, in_specs=(P(axes, None), P()),
                            out_specs=P(reduced={cfg.expert_axis}))(tokens, w_router)
    print("gate mass", weight.shape)
    return weight


if __name__ == "__main__":
    main(*inputs())
