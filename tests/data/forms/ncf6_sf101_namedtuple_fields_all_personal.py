"""Every field name is personal: each leaf is returned as it came and nothing is gathered."""
from typing import NamedTuple

import jax
from jax.sharding import PartitionSpec as P


class Params(NamedTuple):
    base: jax.Array
    head: jax.Array


class Client:
    personal = ("base", "head")

    def federate(self, name, leaf):
        if name in self.personal:
            return leaf
        mean = jax.lax.psum(leaf, "i") / 2.0
        return jax.lax.all_gather(mean, "i", axis=0, tiled=True, to="reduced")

    def round(self, base, head):
        params = Params(base, head)
        return Params(*(self.federate(name, leaf) for name, leaf in zip(Params._fields, params)))


def main(mesh, x):
    client = Client()
    out = Params(P("i", "j"), P("i", "j"))
    return jax.shard_map(client.round, mesh=mesh, in_specs=(P("i", "j"), P("i", "j")), out_specs=out)(x, x)
