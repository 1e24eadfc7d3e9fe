"""Preemption policies for a continuous-batching scheduler, picked by name from a registry."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PREEMPTION_POLICIES = {}


def register_policy(name):
    def wrap(cls):
        PREEMPTION_POLICIES[name] = cls
        return cls
    return wrap


class PreemptionPolicy:
    axes = ("replica", "slot")

    def priority(self, arrival, num_tokens):
        raise NotImplementedError

    def __call__(self, arrival, num_tokens):
        prio = self.priority(arrival, num_tokens)
        per_replica = jax.lax.all_gather(prio, self.axes[1], axis=1, tiled=True, to="reduced")
        return self.rank(per_replica)

    def rank(self, per_replica):
        return jax.lax.all_gather(per_replica, self.axes, axis=0, tiled=True, to="reduced")


@register_policy("fcfs")
class FirstComeFirstServed(PreemptionPolicy):
    def priority(self, arrival, num_tokens):
        return -arrival


@register_policy("lru_recompute")
class RecomputeCheapest(PreemptionPolicy):
    def priority(self, arrival, num_tokens):
        return -arrival - 0.01 * num_tokens


def inputs():
    rng = np.random.default_rng(1)
    arrival = np.sort(rng.random((8, 16)), axis=1).astype(np.float32)
    num_tokens = rng.integers(1, 512, size=(8, 16)).astype(np.float32)
    return arrival, num_tokens


def main(arrival, num_tokens):
    mesh = jax.make_mesh((2, 4), ("replica", "slot"))
    spec = P("replica", "slot")
    arrival = jax.device_put(arrival, NamedSharding(mesh, spec))
    num_tokens = jax.device_put(num_tokens, NamedSharding(mesh, spec))
    policy = PREEMPTION_POLICIES["lru_recompute"]()
    victims = jax.shard_map(policy, mesh=mesh, in_specs=(spec, spec),
                            out_specs=P(None, None, reduced={"replica", "slot"}))
    return victims(arrival, num_tokens)


if __name__ == "__main__":
    main(*inputs())
