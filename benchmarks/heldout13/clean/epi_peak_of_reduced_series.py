"""Outbreak alert: the regional incidence series is gathered as a reduced array; its maximum
(an ordinary value) is compared with the alert level."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def alert(incidence, level=30.0):
    series = jax.lax.all_gather(incidence, "region", axis=1, tiled=True, to="reduced")
    peak = jnp.max(series)
    return series, peak > level


def main(incidence, mesh):
    incidence = jax.device_put(incidence, NamedSharding(mesh, P(None, "region")))
    fn = jax.shard_map(alert, mesh=mesh, in_specs=P(None, "region"),
                       out_specs=(P(None, None, reduced={"region"}), P()))
    return fn(incidence)


def inputs():
    mesh = jax.make_mesh((8,), ("region",))
    return jax.random.poisson(jax.random.key(61), 20.0, (12, 16)).astype(jnp.float32), mesh
