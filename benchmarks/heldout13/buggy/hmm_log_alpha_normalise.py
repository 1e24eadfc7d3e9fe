"""Log-space forward variables gathered over the state split and normalised per time step;
a shape branch handles batched and single sequences."""
import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp
from jax.sharding import NamedSharding, PartitionSpec as P


def normalise(log_alpha):
    full = jax.lax.all_gather(log_alpha, "state", axis=log_alpha.ndim - 1, tiled=True,
                              to="reduced")
    if full.ndim == 3:
        return full - logsumexp(full, axis=-1, keepdims=True)
    return full - logsumexp(full)


def main(log_alpha, mesh):
    spec = P(None, "batch", "state")
    log_alpha = jax.device_put(log_alpha, NamedSharding(mesh, spec))
    fn = jax.shard_map(normalise, mesh=mesh, in_specs=spec,
                       out_specs=P(None, "batch", None, reduced={"state"}))
    return fn(log_alpha)


def inputs():
    mesh = jax.make_mesh((2, 4), ("batch", "state"))
    return jax.random.normal(jax.random.key(35), (5, 4, 8)), mesh
