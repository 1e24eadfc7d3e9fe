"""Expert parallelism: the router's logits are gathered over the expert axis (reduced, so that
their gradient is summed) and the tokens are dispatched to their experts with all_to_all."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MoEConfig:
    expert_axis = "expert"
    num_experts = 4
    capacity = 2


def route(tokens, router_w, cfg=MoEConfig):
    logits = tokens @ router_w
    gathered = jax.lax.all_gather(logits, cfg.expert_axis, axis=0, tiled=True, to="reduced")
    dispatched = jax.lax.all_to_all(gathered, cfg.expert_axis, 0, 0, tiled=True)
    return dispatched


def inputs():
    tokens = np.arange(16 * 8, dtype=np.float32).reshape(16, 8) / 128.0
    router_w = np.ones((8, 4), np.float32)
    return tokens, router_w


def main(tokens, router_w):
    mesh = jax.make_mesh((4, 2), (MoEConfig.expert_axis, "data"))
    tokens = jax.device_put(tokens, NamedSharding(mesh, P(MoEConfig.expert_axis)))
    router_w = jax.device_put(router_w, NamedSharding(mesh, P()))
    f = jax.shard_map(route, mesh=mesh, in_specs=(P(MoEConfig.expert_axis), P()),
                      out_specs=P(MoEConfig.expert_axis))
    return f(tokens, router_w)


if __name__ == "__main__":
    print(main(*inputs()))
