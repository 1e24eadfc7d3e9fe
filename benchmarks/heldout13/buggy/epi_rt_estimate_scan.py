"""Estimate the reproduction number R_t from the incidence of all regions: the regional
series are gathered, floored to avoid division by zero, and ratioed day over day."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def rt_series(incidence, serial=4):
    series = jax.lax.all_gather(incidence, "region", axis=1, tiled=True, to="reduced")

    def body(prev, today):
        floored = jnp.maximum(today, 1.0)
        return floored, floored / prev

    _, ratios = jax.lax.scan(body, jnp.ones(series.shape[1:]), series)
    return ratios ** (1.0 / serial)


def main(incidence, mesh):
    incidence = jax.device_put(incidence, NamedSharding(mesh, P(None, "region")))
    fn = jax.shard_map(rt_series, mesh=mesh, in_specs=P(None, "region"), out_specs=P())
    return fn(incidence)


def inputs():
    mesh = jax.make_mesh((8,), ("region",))
    return jax.random.poisson(jax.random.key(29), 20.0, (12, 16)).astype(jnp.float32), mesh
