import dataclasses
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ServerConfig:
    client_axis: str = "clients"
    model_axis: str = "model"
    server_lr: float = 0.5
    rounds: int = 2


class FedAvgServer:
    def __init__(self, mesh, cfg=ServerConfig()):
        self.mesh = mesh
        self.cfg = cfg

    def _aggregate(self, client_updates):
        global_delta = jax.lax.all_gather(client_updates, self.cfg.client_axis, tiled=True, to="reduced")
        return jax.lax.psum(global_delta, self.cfg.model_axis)

    def run_round(self, client_updates):
        step = jax.shard_map(self._aggregate, mesh=self.mesh,
                             in_specs=P(self.cfg.client_axis, self.cfg.model_axis),
                             out_specs=P(None, reduced={"clients"}))
        return step(client_updates)


def inputs():
    mesh = jax.make_mesh((4, 2), ("clients", "model"))
    updates = jnp.arange(32, dtype=jnp.float32).reshape(8, 4) / 32.0
    updates = jax.device_put(updates, NamedSharding(mesh, P("clients", "model")))
    return mesh, updates


def main(mesh, updates):
    server = FedAvgServer(mesh)
    for _ in range(server.cfg.rounds):
        out = server.run_round(updates)
    print(jax.device_get(out).shape)


if __name__ == "__main__":
    main(*inputs())
