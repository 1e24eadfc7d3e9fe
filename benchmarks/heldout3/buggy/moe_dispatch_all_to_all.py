"""Mixture of experts: tokens are routed, then exchanged across the expert axis."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class MoEConfig:
    num_experts: int = 4
    expert_axis: str = "expert"
    data_axis: str = "data"
    capacity: int = 2


class MoELayer:
    def __init__(self, cfg: MoEConfig):
        self.cfg = cfg

    def route(self, tokens, router_w):
        logits = tokens @ router_w
        top = jnp.argmax(logits, axis=-1)
        return jax.nn.one_hot(top, self.cfg.num_experts)

    def dispatch(self, tokens, router_w):
        ax = self.cfg.expert_axis
        mask = self.route(tokens, router_w)
        routed = jnp.einsum("te,td->etd", mask, tokens)
        routed = lax.all_gather(routed, ax, axis=1, tiled=True, to="reduced")
        return lax.all_to_all(routed, ax, split_axis=0, concat_axis=1, tiled=True)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(16, 8) / 128,
            np.linspace(-1, 1, 32, dtype=np.float32).reshape(8, 4))


def main(tokens, router_w):
    cfg = MoEConfig()
    mesh = jax.make_mesh((2, 4), (cfg.data_axis, cfg.expert_axis))
    layer = MoELayer(cfg)
    tokens = jax.device_put(tokens, NamedSharding(mesh, P((cfg.data_axis, cfg.expert_axis))))
    router_w = jax.device_put(router_w, NamedSharding(mesh, P()))
    f = jax.shard_map(layer.dispatch, mesh=mesh,
                      in_specs=(P((cfg.data_axis, cfg.expert_axis)), P()),
                      out_specs=P(cfg.expert_axis, cfg.data_axis))
    return f(tokens, router_w)


if __name__ == "__main__":
    print(main(*inputs()))
