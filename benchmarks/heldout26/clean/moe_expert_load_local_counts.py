"""Mixture-of-experts routing: tokens per expert from a router picked out of a registry."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROUTERS = {}


def register_router(name):
    def wrap(cls):
        ROUTERS[name] = cls
        return cls
    return wrap


@register_router("top1")
class Top1Router:
    def __init__(self, num_experts, batch_axis="data"):
        self.num_experts = num_experts
        self.batch_axis = batch_axis

    def expert_load(self, logits):
        choice = jnp.argmax(logits, axis=-1)
        counts = jax.nn.one_hot(choice, self.num_experts).sum(axis=0)
        return jax.lax.all_gather(counts, self.batch_axis, to="reduced")


def inputs():
    rng = np.random.default_rng(2631)
    return (rng.standard_normal((64, 8)).astype(np.float32),)


def main(logits, router_name="top1"):
    mesh = jax.make_mesh((2, 4), ("data", "seq"))
    logits = jax.device_put(logits, NamedSharding(mesh, P(("data", "seq"), None)))
    router = ROUTERS[router_name](num_experts=logits.shape[-1])
    fn = jax.shard_map(router.expert_load, mesh=mesh, in_specs=P(("data", "seq"), None),
                       out_specs=P(None, "seq", reduced={"data"}))
    return fn(logits)


if __name__ == "__main__":
    print(main(*inputs()))
