"""Switch-style router: the per-expert load, summed over data shards, is shared with
all_gather(to='invarying') for the balance report."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class MoEConfig:
    num_experts: int = 8
    data_axis: str = "data"
    expert_axis: str = "expert"


class Router:
    def __init__(self, cfg):
        self.cfg = cfg

    def load(self, tokens, w_gate):
        onehot = jax.nn.one_hot(jnp.argmax(tokens @ w_gate, axis=-1), self.cfg.num_experts)
        return jax.lax.psum(jnp.sum(onehot, axis=0), self.cfg.data_axis)

    def share_load(self, load):
        return jax.lax.all_gather(load[None], self.cfg.data_axis, axis=0, tiled=True, to="invarying")


def main(tokens, w_gate):
    cfg = MoEConfig()
    mesh = jax.make_mesh((2, 4), (cfg.data_axis, cfg.expert_axis))
    router = Router(cfg)
    f = jax.shard_map(lambda t, w: router.share_load(router.load(t, w)), mesh=mesh,
                      in_specs=(P(cfg.data_axis, None), P()), out_specs=P())
    return f(jax.device_put(tokens, NamedSharding(mesh, P(cfg.data_axis, None))),
             jax.device_put(w_gate, NamedSharding(mesh, P())))


def inputs():
    k1, k2 = jax.random.split(jax.random.key(100))
    return jax.random.normal(k1, (32, 16)), jax.random.normal(k2, (16, 8))
