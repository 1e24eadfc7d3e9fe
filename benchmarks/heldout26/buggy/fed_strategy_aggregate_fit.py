"""Federated simulation with a Flower-like Strategy: weighted FedAvg sent back to the clients."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Strategy:
    def aggregate_fit(self, updates, num_examples):
        raise NotImplementedError


class FedAvg(Strategy):
    def __init__(self, client_axis):
        self.client_axis = client_axis
        self.on_aggregate = []

    def aggregate_fit(self, updates, num_examples):
        total = jax.lax.psum(num_examples.sum(), self.client_axis)
        weighted = jax.lax.psum((updates * num_examples[:, None]).sum(0), self.client_axis) / total
        for hook in self.on_aggregate:
            weighted = hook(weighted)
        return weighted


def broadcast_to_clients(axis):
    def hook(global_update):
        return jax.lax.all_gather(global_update, axis, to="reduced")
    return hook


def inputs():
    rng = np.random.default_rng(2641)
    return (rng.standard_normal((8, 16)).astype(np.float32),
            rng.integers(10, 100, (8,)).astype(np.float32))


def main(updates, num_examples):
    mesh = jax.make_mesh((2, 4), ("region", "client"))
    updates = jax.device_put(updates, NamedSharding(mesh, P(("region", "client"), None)))
    num_examples = jax.device_put(num_examples, NamedSharding(mesh, P(("region", "client"))))
    strategy = FedAvg(client_axis=("region", "client"))
    strategy.on_aggregate.append(broadcast_to_clients("client"))
    fn = jax.shard_map(strategy.aggregate_fit, mesh=mesh,
                       in_specs=(P(("region", "client"), None), P(("region", "client"))),
                       out_specs=P(None, None, reduced={"client"}))
    return fn(updates, num_examples)


if __name__ == "__main__":
    print(main(*inputs()))
