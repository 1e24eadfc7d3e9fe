"""FedProx local objective: the proximal term measures the distance to the gathered global model."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(str, enum.Enum):
    CLIENTS = "clients"
    MODEL = "model"


def _l2(v, axis):
    return jnp.sqrt(jax.lax.psum(jnp.sum(v * v), axis))


def _linf(v, axis):
    return jax.lax.pmax(jnp.max(jnp.abs(v)), axis)


NORMS = {"l2": _l2, "linf": _linf}


class FedProxClient:
    def __init__(self, mu=0.01, norm="l2"):
        self.mu = mu
        self.norm = NORMS[norm]

    def global_model(self, w_shard):
        return jax.lax.all_gather(w_shard, Axis.MODEL.value, axis=0, tiled=True)

    def proximal(self, w_local, w_global_shard):
        w_global = self.global_model(w_global_shard)
        anchor = self.norm(w_global, Axis.MODEL.value)
        drift = jax.lax.psum(jnp.sum((w_local - w_global_shard) ** 2), Axis.MODEL.value)
        return 0.5 * self.mu * drift, anchor

    def __call__(self, w_local, w_global_shard):
        return self.proximal(w_local, w_global_shard)


def inputs():
    rng = np.random.default_rng(3)
    return rng.normal(size=(16, 4)).astype(np.float32), rng.normal(size=(16, 4)).astype(np.float32)


def main(w_local, w_global):
    mesh = jax.make_mesh((2, 4), (Axis.CLIENTS.value, Axis.MODEL.value))
    spec = P(Axis.MODEL.value, None)
    w_local = jax.device_put(w_local, NamedSharding(mesh, spec))
    w_global = jax.device_put(w_global, NamedSharding(mesh, spec))
    client = FedProxClient()
    fn = jax.shard_map(client, mesh=mesh, in_specs=(spec, spec), out_specs=(P(), P()))
    return fn(w_local, w_global)


if __name__ == "__main__":
    print(main(*inputs()))
