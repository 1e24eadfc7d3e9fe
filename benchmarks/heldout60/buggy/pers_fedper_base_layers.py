"""FedPer: only the base layers are federated; the personal head stays on its client."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Params(NamedTuple):
    base: jax.Array
    head: jax.Array


class FedPerClient:
    personal = ("head",)

    def __init__(self, num_clients, client_axis="client"):
        self.num_clients = num_clients
        self.client_axis = client_axis

    def federate(self, name, leaf):
        if name in self.personal:
            return leaf
        mean = jax.lax.psum(leaf, self.client_axis) / self.num_clients
        return jax.lax.all_gather(mean, self.client_axis, axis=0, tiled=True, to="reduced")

    def round(self, base, head):
        params = Params(base, head)
        return Params(*(self.federate(name, leaf) for name, leaf in zip(Params._fields, params)))


def inputs():
    rng = np.random.default_rng(17)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(8, 4)).astype(np.float32)


def main(base, head):
    mesh = jax.make_mesh((2, 4), ("client", "head"))
    base = jax.device_put(base, NamedSharding(mesh, P("client", "head")))
    head = jax.device_put(head, NamedSharding(mesh, P("client")))
    client = FedPerClient(num_clients=2)
    out = Params(P(None, "head", reduced={"client"}), P("client"))
    fn = jax.shard_map(client.round, mesh=mesh, in_specs=(P("client", "head"), P("client")), out_specs=out)
    return fn(base, head)


if __name__ == "__main__":
    main(*inputs())
