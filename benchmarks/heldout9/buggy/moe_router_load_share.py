"""Switch-transformer-style router: the per-expert token load is shared with every data shard
so that the host can log the balance of the whole batch."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class MoEConfig:
    num_experts: int = 8
    d_model: int = 16
    capacity_factor: float = 1.25
    data_axis: str = "data"
    expert_axis: str = "expert"


class Router:
    def __init__(self, cfg: MoEConfig):
        self.cfg = cfg

    def load(self, tokens, w_gate):
        logits = tokens @ w_gate
        choice = jnp.argmax(logits, axis=-1)
        onehot = jax.nn.one_hot(choice, self.cfg.num_experts)
        return jax.lax.psum(jnp.sum(onehot, axis=0), self.cfg.data_axis)

    def share_load(self, load):
        return jax.lax.all_gather(load[None], self.cfg.data_axis, axis=0, tiled=True, to="reduced")


def main(tokens, w_gate):
    cfg = MoEConfig()
    mesh = jax.make_mesh((2, 4), (cfg.data_axis, cfg.expert_axis))
    router = Router(cfg)

    def route(t, w):
        return router.share_load(router.load(t, w))

    step = jax.shard_map(route, mesh=mesh, in_specs=(P(cfg.data_axis, None), P()),
                         out_specs=P(None, None, reduced={cfg.data_axis}))
    return step(jax.device_put(tokens, NamedSharding(mesh, P(cfg.data_axis, None))),
                jax.device_put(w_gate, NamedSharding(mesh, P())))


def inputs():
    k1, k2 = jax.random.split(jax.random.key(0))
    return jax.random.normal(k1, (32, 16)), jax.random.normal(k2, (16, 8))
