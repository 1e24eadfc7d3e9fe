"""Expert-parallel dispatch: token slots are exchanged with all_to_all over the expert axis."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ExpertParallelConfig:
    num_experts: int = 4
    capacity: int = 2
    model_dim: int = 8
    batch_axis: str = "data"
    expert_axis: str = "expert"
    share_router_slots: bool = True


def dispatch_buffer(tokens, expert_ids, cfg):
    onehot = jax.nn.one_hot(expert_ids, cfg.num_experts)
    slot = (jnp.cumsum(onehot, axis=0) - 1) * onehot
    keep = jax.nn.one_hot(slot.sum(axis=-1).astype(jnp.int32), cfg.capacity) * (slot.sum(axis=-1) < cfg.capacity)[:, None]
    return jnp.einsum("te,tc,td->ecd", onehot, keep, tokens)


def shared_slots(buf, cfg):
    if cfg.share_router_slots:
        return jax.lax.all_gather(buf, cfg.expert_axis, axis=1, tiled=True, to="reduced")
    return buf


def exchange(buf, cfg):
    return jax.lax.all_to_all(buf, cfg.expert_axis, 0, 0, tiled=True)


def inputs():
    rng = np.random.default_rng(8)
    return rng.normal(size=(64, 8)).astype(np.float32), rng.integers(0, 4, size=(64,)).astype(np.int32)


def main(tokens, expert_ids):
    cfg = ExpertParallelConfig()
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.expert_axis))
    axes = (cfg.batch_axis, cfg.expert_axis)
    tokens = jax.device_put(tokens, NamedSharding(mesh, P(axes, None)))
    expert_ids = jax.device_put(expert_ids, NamedSharding(mesh, P(axes)))

    def body(x, ids):
        buf = shared_slots(dispatch_buffer(x, ids, cfg), cfg)
        return exchange(buf, cfg)

    out = jax.shard_map(body, mesh=mesh, in_specs=(P(axes, None), P(axes)),
                        out_specs=P(axes))(tokens, expert_ids)
    print("expert inputs", out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
